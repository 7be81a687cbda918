import Foundation
import StepwiseDiagnostics
import Synchronization
import Testing

@Suite struct ConcurrentRunsTests {
    @Test("runs cover the input once, in order, each a consecutive non-empty slice", arguments: [0, 1, 63, 64, 129, 1000, 4099])
    func runsCoverTheInput(count: Int) {
        let input = Array(0..<count)
        let runs = Mutex<[Range<Int>]>([])
        let output = input.concurrentRuns(minimumRun: 64) { run -> [Int] in
            runs.withLock { $0.append(run.indices) }
            return run.map { $0 * 2 }
        }
        #expect(output == input.map { $0 * 2 })
        let seen = runs.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(seen.allSatisfy { !$0.isEmpty || count == 0 })
        #expect(seen.map(\.count).reduce(0, +) == count)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(seen.count <= max(1, Parallelism.workers * 4))
        #expect(count < 128 ? seen.count == 1 : seen.allSatisfy { $0.count >= 64 })
    }
}

@Suite struct ConcurrentlyTests {
    @Test("both parts run, each result in its own place, on two threads when two workers are free")
    func bothParts() {
        let threads = Mutex<Set<String>>([])
        let started = Atomic<Int>(0)
        // Each part waits (briefly) for the other to start: with two workers they overlap.
        @Sendable func part(_ value: Int) -> Int {
            threads.withLock { _ = $0.insert("\(Thread.current)") }
            started.add(1, ordering: .relaxed)
            let deadline = Date().addingTimeInterval(2)
            while started.load(ordering: .relaxed) < 2, Date() < deadline { usleep(1_000) }
            return value
        }
        let (first, second) = Concurrently.run({ part(1) }, { "second \(part(2))" })
        #expect(first == 1 && second == "second 2")
        if Parallelism.workers > 1 { #expect(started.load(ordering: .relaxed) == 2 && threads.withLock { $0.count } == 2) }
    }
}
