/// The severity at which a run fails (`--fail-on error|warning|never`): the one place exit statuses
/// are decided, for diagnostics and for any report that has severities.
public enum FailOn: String, Hashable, Sendable, CaseIterable {
    case error, warning, never

    /// The lowest severity that fails the run; nil never fails.
    public var threshold: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .never: nil
        }
    }

    /// 1 when some severity is at or above the threshold, else 0.
    public func exitStatus(_ severities: some Sequence<Severity>) -> Int32 {
        guard let threshold else { return 0 }
        return severities.contains { $0 >= threshold } ? 1 : 0
    }

    /// The exit status of a run that reported `diagnostics`.
    public func exitStatus(for diagnostics: [Diagnostic]) -> Int32 {
        exitStatus(diagnostics.map(\.severity))
    }
}
