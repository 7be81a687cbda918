import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// Transforms every element on all cores; the result keeps the input order whatever the thread count.
    public func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let slots = OrderedSlots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, transform(self[index]))
        }
        return slots.values
    }
}

/// A fixed array of slots filled concurrently, one writer per slot.
private final class OrderedSlots<Value>: @unchecked Sendable {
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
