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
