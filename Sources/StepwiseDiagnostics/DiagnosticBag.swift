/// Recoverable diagnostics gathered by a stage, passed `inout` and kept in order of discovery.
public struct DiagnosticBag: Sendable, Hashable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The diagnostics sorted by location then identifier, for deterministic output.
    public var sorted: [Diagnostic] {
        diagnostics.sorted(by: Diagnostic.reportOrder)
    }
}
