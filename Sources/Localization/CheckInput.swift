public import DocFXDialect
public import TutorialModel

/// A tutorial to check: its model and the files it was read from (the document and its includes).
public struct CheckInput: Sendable {
    public var tutorial: Tutorial
    public var files: [CheckedFile]
    /// False for a document read only because a reported one needs it (its source, for a
    /// change-scoped check): it is not checked itself.
    public var isReported = true

    public init(tutorial: Tutorial, files: [CheckedFile]) {
        self.tutorial = tutorial
        self.files = files
    }

    public init(document: LoadedDocument, tutorial: Tutorial) {
        self.init(tutorial: tutorial, files: CheckedFile.files(of: document, tutorial: tutorial))
    }

    /// The document's own file.
    var documentFile: CheckedFile? { files.first { $0.includeName == nil } }
}
