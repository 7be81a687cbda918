import Dispatch
import StepwiseDiagnostics

/// Cache files a run writes on another thread while it goes on merging and printing its report, and
/// waits for before it ends (`wait()`): after one edited page, writing the check's index and the link
/// check's records kept the thread that prints waiting. Each file is still written whole to a
/// temporary file and renamed (`CacheFile`), so a run killed before they are done leaves each file
/// old or new; every stored entry is checked against what it was computed from before it is used,
/// so files of two runs side by side are never wrong, only less useful.
final class BackgroundWrites: Sendable {
    private let group = DispatchGroup()

    /// Starts `write` on another thread; with a single worker (`Parallelism.workers`), runs it now.
    func start(_ write: @escaping @Sendable () -> Void) {
        guard Parallelism.workers > 1 else { return write() }
        DispatchQueue.global().async(group: group, execute: write)
    }

    /// Returns once every write started is done.
    func wait() {
        group.wait()
    }
}
