public import DocFXDialect
public import Foundation
public import StepwiseDiagnostics
public import TutorialModel

/// The content of a run, loaded once and handed to every stage: the configuration, every document
/// with its model and problems, and the problems of the run itself (a path that does not exist).
public struct Workspace: Sendable {
    public var root: URL
    /// The content root, when the documents share one.
    public var contentRoot: URL?
    public var configuration: ProjectConfiguration
    public var sourceLocale: String
    public var sourceEdition: String
    /// Every document read, sorted by path (reported ones and sources read for them).
    public var documents: [WorkspaceDocument]
    /// Problems of the run that belong to no document.
    public var problems: [Diagnostic]
    /// How many distinct include files were parsed, each once, and shared by the documents including them.
    public var parsedFiles: Int

    public init(
        root: URL, contentRoot: URL?, configuration: ProjectConfiguration, sourceLocale: String, sourceEdition: String,
        documents: [WorkspaceDocument], problems: [Diagnostic], parsedFiles: Int
    ) {
        self.root = root
        self.contentRoot = contentRoot
        self.configuration = configuration
        self.sourceLocale = sourceLocale
        self.sourceEdition = sourceEdition
        self.documents = documents
        self.problems = problems
        self.parsedFiles = parsedFiles
        index = Dictionary(documents.enumerated().map { ($1.url, $0) }, uniquingKeysWith: { first, _ in first })
    }

    private var index: [URL: Int]

    /// The document read from `url`, if it was read.
    public func document(at url: URL) -> WorkspaceDocument? {
        index[url.standardizedFileURL].map { documents[$0] }
    }

    /// The documents the command was asked about: every document of a run over the whole content,
    /// then `documents` itself, not a copy of each of its thousands of values (each copy touches every
    /// string and array the document holds: a cold build spent a fifth of a second doing that).
    public var reported: [WorkspaceDocument] { Self.reported(documents) }

    /// The reported ones of `documents` (`documents` itself when every one is).
    static func reported(_ documents: [WorkspaceDocument]) -> [WorkspaceDocument] {
        let everyDocument = documents.withUnsafeBufferPointer { documents in documents.indices.allSatisfy { documents[$0].isReported } }
        return everyDocument ? documents : documents.filter(\.isReported)
    }

    /// The models of every document that could be read, sorted by path.
    public var tutorials: [Tutorial] { documents.compactMap(\.tutorial) }

    /// Every problem of the run and of the reported documents, each once, in report order.
    public var diagnostics: [Diagnostic] {
        Self.diagnostics(problems: problems, documents: documents)
    }

    /// Every problem of a run (`problems`) and of its reported documents, each once, in report order
    /// (`Diagnostic.reportSortedOnce`: sorted, then equal ones dropped, rather than hashing each of a
    /// large content's tens of thousands of warnings into a set first).
    public static func diagnostics(problems: [Diagnostic], documents: [WorkspaceDocument]) -> [Diagnostic] {
        Diagnostic.reportSortedOnce(problems + Workspace.reported(documents).flatMap(\.diagnostics))
    }

    /// Drops what each document was read from (`WorkspaceDocument.loaded`), keeping its model and
    /// problems: once the documents are checked, the later stages need only those.
    public mutating func releaseLoadedDocuments() {
        for index in documents.indices { documents[index].loaded = nil }
    }

    /// The same run (root, configuration, locales, problems) with `documents` instead of its own.
    public func replacingDocuments(with documents: [WorkspaceDocument], parsedFiles: Int) -> Workspace {
        Workspace(
            root: root, contentRoot: contentRoot, configuration: configuration, sourceLocale: sourceLocale, sourceEdition: sourceEdition,
            documents: documents, problems: problems, parsedFiles: parsedFiles)
    }

    /// The reported documents that could not be read at all.
    public var failedDocuments: [WorkspaceDocument] { documents.filter { $0.isReported && $0.failed } }
}
