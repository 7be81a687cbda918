import Foundation
import StepwiseDiagnostics
import Synchronization
import Testing

/// A value handed over (`Handover`) goes to the first taker only, from whichever thread; once taken,
/// it is no longer held by the handover (nor by a closure that captured the handover).
@Suite struct HandoverTests {
    @Test("the first take gets the value, every later one nil, whatever thread takes")
    func takenOnce() {
        let handover = Handover([1, 2, 3])
        let taken = Array(0..<64).concurrentMap { _ in handover.take() }
        #expect(taken.compactMap { $0 } == [[1, 2, 3]])
        #expect(handover.take() == nil)
    }

    @Test("taken, the value is freed when its taker lets go, though the closure that took it lives on")
    func freedOnceTaken() {
        final class Tracked: Sendable {
            let freed: @Sendable () -> Void
            init(freed: @escaping @Sendable () -> Void) { self.freed = freed }
            deinit { freed() }
        }
        let count = Mutex(0)
        let handover = Handover(Tracked { count.withLock { $0 += 1 } })
        let work = { @Sendable in _ = handover.take() }
        work()
        #expect(count.withLock { $0 } == 1, "the closure and the handover hold nothing once the value is taken")
        withExtendedLifetime(work) {}
    }
}
