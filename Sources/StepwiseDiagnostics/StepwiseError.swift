/// A fatal problem with the input: the stage that met it stops and reports one diagnostic.
public struct StepwiseError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostic: Diagnostic

    public init(_ diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    public init(_ id: String, at location: SourceLocation?, _ summary: String, fix: String? = nil) {
        self.init(.error(id, at: location, summary, fix: fix))
    }

    public var description: String { diagnostic.description }
}
