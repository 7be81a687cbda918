import Foundation

/// A task executor off Swift's shared pool, for a server (or a client) that a test runs in its own process.
///
/// Swift runs async code on a pool as wide as the machine has cores (2 on CI), and the test runner
/// runs synchronous tests on that pool too: while they compute (an in-process `stepwise` run), nothing
/// else runs there — the pool adds a thread for one that sleeps, not for one that computes. A server
/// started by a test then did not answer until they ended (a request timed out after 60 s on a loaded
/// 2-core runner). Run under `withTaskExecutorPreference(OffPoolExecutor.shared)`, the server's tasks, the
/// child tasks its task groups start for each connection and the test's own awaits run on a serial
/// queue of this executor's, which libdispatch gives a thread even when its pool is busy.
public final class OffPoolExecutor: TaskExecutor, @unchecked Sendable {
    /// One queue for every server and client the tests start: their work is answering and sending a few requests.
    public static let shared = OffPoolExecutor(label: "stepwise.off-pool")

    private let queue: DispatchQueue

    private init(label: String) {
        queue = DispatchQueue(label: label)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
