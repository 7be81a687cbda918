import Dispatch
import Foundation
import StepwiseDiagnostics
import TutorialModel

/// Extracts many documents in parallel; results keep the input order whatever the thread count.
struct TutorialBatch {
    var extractor: TutorialExtractor

    func extract(_ urls: [URL]) -> [Result<Tutorial, StepwiseError>] {
        let results = ResultSlots<Result<Tutorial, StepwiseError>>(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            results.set(index, Result { () throws(StepwiseError) -> Tutorial in try extractor.extract(urls[index]) })
        }
        return results.values
    }
}

/// A fixed array of slots filled concurrently, one writer per slot.
final class ResultSlots<Value>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    var values: [Value] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
