import Foundation
@testable import StepwiseCommands
import Synchronization
import Testing

/// A run's cache files written beside its report are all written when the run ends.
@Suite struct BackgroundWritesTests {
    @Test("wait returns once every write started is done, however long each takes")
    func waitsForEveryWrite() {
        let writes = BackgroundWrites()
        let done = Mutex<[Int]>([])
        for index in 0..<8 {
            writes.start {
                // Later writes finish first: wait must not return at the first one done.
                Thread.sleep(forTimeInterval: 0.01 * Double(8 - index))
                done.withLock { $0.append(index) }
            }
        }
        writes.wait()
        #expect(done.withLock { $0.sorted() } == Array(0..<8))
        // Nothing started since: it returns at once, and a write started now is waited for too.
        writes.wait()
        writes.start { done.withLock { $0.append(8) } }
        writes.wait()
        #expect(done.withLock { $0.count } == 9)
    }
}
