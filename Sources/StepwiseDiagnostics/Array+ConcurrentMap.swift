import Dispatch
import Foundation
import Synchronization

/// How many threads the parallel stages use: every core unless a command's `--jobs` says otherwise.
public enum Parallelism {
    private static let limit = Atomic<Int>(0)

    /// The worker count: `--jobs` when given, else the active processor count.
    public static var workers: Int {
        let chosen = limit.load(ordering: .relaxed)
        return chosen > 0 ? chosen : max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Sets the worker count for the rest of the process (a command's `--jobs`); 0 means every core.
    public static func use(_ workers: Int) {
        limit.store(max(0, workers), ordering: .relaxed)
    }
}

extension Array where Element: Sendable {
    /// Transforms every element on `Parallelism.workers` threads, each taking the next element as it
    /// finishes one; the result keeps the input order whatever the thread count.
    public func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        let workers = Swift.min(Parallelism.workers, count)
        guard workers > 1 else { return map(transform) }
        let slots = OrderedSlots<Result>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                slots.set(index, transform(self[index]))
            }
        }
        return slots.take()
    }
}

extension Array where Element: Sendable {
    /// Transforms consecutive runs of elements on `Parallelism.workers` threads, for work that shares
    /// state between neighbouring elements (a memo, a buffer): `transform` gets one run (about
    /// `4 × workers` runs in all, each at least `minimumRun` long) and the results are concatenated in
    /// input order, so the output is the same whatever the thread count as long as `transform`'s result
    /// for an element does not depend on which run it is in.
    public func concurrentRuns<Result: Sendable>(minimumRun: Int = 64, _ transform: @Sendable (ArraySlice<Element>) -> [Result]) -> [Result] {
        let runs = Swift.max(1, Swift.min(Parallelism.workers * 4, count / Swift.max(1, minimumRun)))
        guard runs > 1 else { return transform(self[...]) }
        let bounds = (0...runs).map { $0 * count / runs }
        return (0..<runs).map { bounds[$0]..<bounds[$0 + 1] }.concurrentMap { transform(self[$0]) }.flatMap { $0 }
    }
}

/// A fixed row of slots filled concurrently, each at most once, by one writer per slot, then taken
/// once: no lock, as no two writers touch the same memory and the values are taken only after every
/// writer is done (which `concurrentPerform` and `DispatchGroup.wait` order before the taking). The
/// values are moved out, not copied: a lock taken for each slot, and each value copied out of an
/// optional at the end, stood out in the serial parts of an edited check of the corpus. Slots never
/// set (an eager map with one worker, let go unasked, set none) are left alone when the row goes.
final class OrderedSlots<Value>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value>
    /// Whether each slot holds a value (written by the slot's writer only).
    private let filled: UnsafeMutablePointer<Bool>
    private let count: Int
    private var taken = false

    init(count: Int) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
        filled = .allocate(capacity: Swift.max(count, 1))
        filled.initialize(repeating: false, count: count)
    }

    /// Fills the slot `index`: each slot once, every one before `take()`.
    func set(_ index: Int, _ value: consuming Value) {
        (base + index).initialize(to: value)
        filled[index] = true
    }

    /// Every value, in order, moved out of the slots (once, every slot set).
    func take() -> [Value] {
        precondition(!taken, "ordered slots are taken once")
        assert(UnsafeBufferPointer(start: filled, count: count).allSatisfy { $0 }, "every slot is set before the values are taken")
        taken = true
        return [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress?.moveInitialize(from: base, count: count)
            initialized = count
        }
    }

    deinit {
        if !taken {
            for index in 0..<count where filled[index] { (base + index).deinitialize(count: 1) }
        }
        base.deallocate()
        filled.deallocate()
    }
}

/// Two independent pieces of work at once (one after the other with a single worker).
public enum Concurrently {
    /// `first` on this thread while `second` runs on another. Not the two iterations of one
    /// `concurrentPerform`: Dispatch serializes a `concurrentPerform` nested in another one's iteration
    /// (its width is the cores over the outer iterations: one, on two cores), so the parallel work of
    /// each part ran on one core, and the part that finished last kept a core idle (a cold `check` of
    /// the corpus spent 1.5 s so in its link check). Here each part's own parallel work may take
    /// every core, the other's once that one is done.
    public static func run<First: Sendable, Second: Sendable>(
        _ first: @Sendable () -> First, _ second: @Sendable () -> Second
    ) -> (First, Second) {
        guard Parallelism.workers > 1 else { return (first(), second()) }
        return withoutActuallyEscaping(second) { second in
            var value: First?
            let other = overlap(second, while: { value = first() })
            guard let value else { preconditionFailure("the foreground work finished without a value") }
            return (value, other)
        }
    }
}

extension Concurrently {
    /// Runs `background` on another thread while `foreground` runs on this one, and returns
    /// `background`'s value once both are done (with a single worker: `foreground`, then `background`).
    /// An error of `foreground` is thrown once `background` is done too, with any worker count: the
    /// background work is often what must happen whatever the foreground does (a run's record stored
    /// while a failing check prints, an old site removed while the build reports).
    public static func overlap<Value: Sendable>(_ background: @escaping @Sendable () -> Value, while foreground: () throws -> Void) rethrows -> Value {
        try overlap(workers: Parallelism.workers, background, while: foreground)
    }

    /// `overlap(_:while:)` with `workers` workers.
    static func overlap<Value: Sendable>(
        workers: Int, _ background: @escaping @Sendable () -> Value, while foreground: () throws -> Void
    ) rethrows -> Value {
        guard workers > 1 else {
            do {
                try foreground()
            } catch {
                _ = background()
                throw error
            }
            return background()
        }
        let result = Mutex<Value?>(nil)
        let running = DispatchGroup()
        DispatchQueue.global().async(group: running) {
            let value = background()
            result.withLock { $0 = value }
        }
        do {
            try foreground()
        } catch {
            running.wait()
            throw error
        }
        running.wait()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the background work finished without a value") }
        return value
    }
}

extension Concurrently {
    /// Starts `work` on another thread now and hands back its value to take later, for what a run
    /// can read while its main work goes on and needs only at the end (with a single worker, `work`
    /// runs when its value is first taken, on that thread).
    public static func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Pending<Value> {
        Pending(work)
    }

    /// Frees `value` on another thread: dropping a large structure (a corpus's workspace, its report)
    /// costs the calling thread nothing when it is about to report and exit. The value is moved into
    /// a box that only the other thread holds: had the caller kept a copy, whichever thread let go
    /// last would free it, and the other thread is often first.
    public static func release(_ value: consuming some Any) {
        let box = Unmanaged.passRetained(Released(consume value))
        nonisolated(unsafe) let held = box
        DispatchQueue.global(qos: .utility).async { held.release() }
    }

    /// Lets go of `value` at the end of a run, when nothing reads it again. In a process that ends
    /// with the run (`endsWithRun()`: the `stepwise` tool) it is never freed: the system takes back
    /// the process's memory at once, where freeing a corpus's workspace and report one value at a
    /// time, on whichever thread let go of it last, held up the end of every run (clang's
    /// `-disable-free` does the same for its syntax trees). Elsewhere (a test, a library user) it is
    /// freed on another thread, as `release` does.
    public static func discard(_ value: consuming some Any) {
        guard keepsDiscarded.load(ordering: .relaxed) else { return release(value) }
        _ = Unmanaged.passRetained(Released(consume value))
    }

    /// Tells `discard` that the process ends when its run does: what a run discards is kept. Only for
    /// a process that runs one command and exits — not `stepwise-serve`, which builds again and again
    /// in process: there every discarded value must be freed.
    public static func endsWithRun() {
        keepsDiscarded.store(true, ordering: .relaxed)
    }

    private static let keepsDiscarded = Atomic<Bool>(false)

    private final class Released<Value> {
        let value: Value
        init(_ value: consuming Value) { self.value = value }
    }

    /// The value of work started by `start`.
    public final class Pending<Value: Sendable>: @unchecked Sendable {
        private let running = DispatchGroup()
        private let lock = NSLock()
        private var result: Value?
        /// The work not started yet (a single worker).
        private var work: (@Sendable () -> Value)?

        fileprivate init(_ work: @escaping @Sendable () -> Value) {
            guard Parallelism.workers > 1 else {
                self.work = work
                return
            }
            DispatchQueue.global().async(group: running) {
                let value = work()
                self.lock.withLock { self.result = value }
            }
        }

        /// The work's value, once it is done.
        public var value: Value {
            running.wait()
            return lock.withLock {
                if let result { return result }
                guard let work else { preconditionFailure("the started work finished without a value") }
                let value = work()
                (result, self.work) = (value, nil)
                return value
            }
        }
    }
}

extension Array where Element: Sendable {
    /// Starts transforming the elements now, on one other thread, and hands back the work to join
    /// later (`EagerMap.values`): what a run can decode while its serial work goes on.
    public func eagerMap<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> EagerMap<Result> {
        EagerMap(count: count) { [self] index in transform(self[index]) }
    }
}

/// A `concurrentMap` begun early: one thread takes elements from the start; `values` brings the
/// calling thread (and every other worker) in to take the rest, and waits for the last. Each element
/// is transformed once, by whichever thread takes it; the result keeps the input order whatever the
/// thread count (with a single worker, every element is transformed by `values`).
public final class EagerMap<Result: Sendable>: @unchecked Sendable {
    private let count: Int
    private let transform: @Sendable (Int) -> Result
    private let slots: OrderedSlots<Result>
    private let next = Atomic<Int>(0)
    private let running = DispatchGroup()

    fileprivate init(count: Int, transform: @escaping @Sendable (Int) -> Result) {
        self.count = count
        self.transform = transform
        slots = OrderedSlots(count: count)
        guard Parallelism.workers > 1, count > 0 else { return }
        DispatchQueue.global().async(group: running) { self.work() }
    }

    private func work() {
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < count else { return }
            slots.set(index, transform(index))
        }
    }

    /// What `values` gave the first time.
    private var result: [Result]?

    /// Every element's result, in order, once each is done (from the calling thread, as one value).
    public var values: [Result] {
        if let result { return result }
        // The started thread is one worker; the calling thread and the others take what is left.
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, Parallelism.workers - 1)) { _ in work() }
        running.wait()
        let values = slots.take()
        result = values
        return values
    }
}

/// A two-stage pipeline: `produce` makes items one after the other on the calling thread while
/// `consume` takes each finished item on one other thread, so the two stages overlap (the serial
/// parts of one run beside the parallel parts of the other). At most two items are alive at once:
/// the one being consumed and the next, made while it is. Results keep the order of the items
/// whatever the thread count; with a single worker the stages alternate on the calling thread.
public enum Pipeline {
    public static func run<Item: Sendable, Result: Sendable>(
        count: Int, produce: (Int) throws -> Item, consume: @escaping @Sendable (Item) throws -> Result
    ) throws -> [Result] {
        guard Parallelism.workers > 1, count > 1 else { return try (0..<count).map { try consume(produce($0)) } }
        let results = Mutex<[Swift.Result<Result, any Error>]>([])
        let consumer = DispatchQueue(label: "stepwise.pipeline")
        let running = DispatchGroup()
        for index in 0..<count {
            let item = try produce(index)
            // The previous item is consumed before this one is handed over: two items at most.
            running.wait()
            if case .failure(let error)? = results.withLock({ $0.last }) { throw error }
            consumer.async(group: running) {
                let result = Swift.Result { try consume(item) }
                results.withLock { $0.append(result) }
            }
        }
        running.wait()
        return try results.withLock { $0 }.map { try $0.get() }
    }
}
