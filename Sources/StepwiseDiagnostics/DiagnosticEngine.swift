import Synchronization

/// The one place a run's diagnostics go: every stage emits into it (from any thread), consumers
/// render them, and `FailOn` decides the exit status from them.
///
/// Equal diagnostics are kept once (a shared include's problem, reached from many documents or
/// threads, is reported once), and they come out in report order whatever the thread count.
public final class DiagnosticEngine: Sendable {
    /// Every diagnostic emitted, repeats too: they are dropped once, when the diagnostics are
    /// sorted (`Diagnostic.reportSortedOnce`), which costs less than hashing each one as it comes.
    private let collected = Mutex<[Diagnostic]>([])

    public init() {}

    public func emit(_ diagnostic: Diagnostic) {
        collected.withLock { $0.append(diagnostic) }
    }

    public func emit(contentsOf diagnostics: some Sequence<Diagnostic>) {
        collected.withLock { $0.append(contentsOf: diagnostics) }
    }

    /// Every diagnostic emitted, each once, in report order.
    public var diagnostics: [Diagnostic] {
        Diagnostic.reportSortedOnce(collected.withLock { $0 })
    }

    /// The severity of every diagnostic emitted (repeats too), in no order: what the exit status needs.
    public var severities: [Severity] {
        collected.withLock { $0.map(\.severity) }
    }

    /// How many diagnostics of each severity were emitted.
    public var counts: [Severity: Int] {
        Dictionary(grouping: diagnostics, by: \.severity).mapValues(\.count)
    }

    /// Hands the diagnostics, in report order, to each consumer.
    public func flush(to consumers: [any DiagnosticConsumer]) {
        let all = diagnostics
        for consumer in consumers { consumer.consume(all) }
    }
}

/// Renders diagnostics somewhere: a terminal, a file, CI annotations.
public protocol DiagnosticConsumer {
    func consume(_ diagnostics: [Diagnostic])
}
