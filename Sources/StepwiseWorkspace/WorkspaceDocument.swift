public import DocFXDialect
public import Foundation
public import StepwiseDiagnostics
public import TutorialModel

/// One document of the workspace: read once, modelled once, with every problem met on the way.
public struct WorkspaceDocument: Sendable, Identifiable {
    public var id: DocumentID
    public var url: URL
    /// The document as read, with its includes; nil when its own file cannot be read.
    public var loaded: LoadedDocument?
    /// The model; nil exactly when the document could not be read (`loaded` is nil then, and also
    /// when the loader does not keep loaded documents).
    public var tutorial: Tutorial?
    /// The document's problems and those of its includes, in the order met.
    public var diagnostics: [Diagnostic]
    /// True for a document the command was asked about; false for one read only as the source of
    /// another (a partial check), which is compared against but not reported.
    public var isReported: Bool

    public init(id: DocumentID, url: URL, loaded: LoadedDocument?, tutorial: Tutorial?, diagnostics: [Diagnostic], isReported: Bool) {
        self.id = id
        self.url = url
        self.loaded = loaded
        self.tutorial = tutorial
        self.diagnostics = diagnostics
        self.isReported = isReported
    }

    /// True when an error stopped the document from being read.
    public var failed: Bool { tutorial == nil }
}
