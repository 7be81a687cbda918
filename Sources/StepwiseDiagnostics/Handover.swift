import Synchronization

/// A value handed to whichever work takes it first, and then no longer held here: what a closure run
/// beside other work (`Concurrently.overlap`) needs only while it runs. The closure itself lives until
/// that other work ends; had it captured the value, the value would too.
public final class Handover<Value: Sendable>: Sendable {
    private let value: Mutex<Value?>

    public init(_ value: consuming Value) {
        self.value = Mutex(consume value)
    }

    /// The value, the first time; nil after.
    public func take() -> Value? {
        value.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
