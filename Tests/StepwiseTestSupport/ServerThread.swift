public import Foundation

/// A task executor with one thread of its own, for a server that a test runs in its own process.
///
/// Swift runs async code on a cooperative pool as wide as the machine has cores (2 on CI), and the
/// test runner runs synchronous tests on that pool too: while two of them wait for an in-process
/// `stepwise` run, nothing else runs there. A server started by a test would not answer until they
/// end (a request once timed out after 60 s on a loaded 2-core runner). Run under
/// `withTaskExecutorPreference(ServerThread.shared)`, the server's tasks — and the child tasks its
/// task groups start for each connection — run on this thread instead.
public final class ServerThread: TaskExecutor, @unchecked Sendable {
    /// One thread for every server the tests start: their work is answering a few requests.
    public static let shared = ServerThread(name: "test-server")

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    /// The first job of `jobs` not yet run (jobs are taken in order, and the array compacted when drained).
    private var next = 0

    private init(name: String) {
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = name
        thread.start()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs the jobs in the order they came, waiting when there are none; the thread lives as long as the process.
    private func loop() {
        while true {
            condition.lock()
            while next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
                condition.wait()
            }
            let job = jobs[next]
            next += 1
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
