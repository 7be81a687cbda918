public import StepwiseDiagnostics

/// What loading a document gave: the document (nil when its own file cannot be read) and every
/// problem met on the way, in the order met. Problems of includes are the including document's.
public struct DocumentLoad: Sendable {
    public var document: LoadedDocument?
    public var diagnostics: [Diagnostic]

    public init(document: LoadedDocument?, diagnostics: [Diagnostic]) {
        self.document = document
        self.diagnostics = diagnostics
    }

    /// The first error, if any.
    public var firstError: Diagnostic? { diagnostics.first { $0.severity == .error } }
}
