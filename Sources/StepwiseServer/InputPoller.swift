import Foundation

/// Polls the inputs of the site: snapshots of the watched files, pauses between them, and the
/// wait for a change to settle.
final class InputPoller {
    let paths: [URL]
    /// Folders below the watched paths that the build writes (`generated/`, `.stepwise/`).
    let excluded: [URL]
    let interval: Duration
    /// How long the last snapshot took.
    private var cost = Duration.zero

    init(paths: [URL], excluded: [URL], interval: Duration) {
        self.paths = paths
        self.excluded = excluded
        self.interval = interval
    }

    /// The watched files now.
    func snapshot() -> SourceSnapshot {
        let started = ContinuousClock.now
        defer { cost = ContinuousClock.now - started }
        return SourceSnapshot.take(paths, excluding: excluded)
    }

    /// Waits the interval, or four times as long as the last snapshot took when that is longer, so
    /// that polling a large tree never takes more than a fifth of a core.
    func pause() async throws {
        try await Task.sleep(for: max(interval, cost * 4))
    }

    /// The inputs once two polls in a row find them alike (an editor or a checkout has finished writing).
    func settled() async throws -> SourceSnapshot {
        var now = snapshot()
        while true {
            try await pause()
            let again = snapshot()
            if again == now { return now }
            now = again
        }
    }
}
