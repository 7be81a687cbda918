import Foundation
@testable import StepwiseDiagnostics
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

extension ConcurrentlyTests {
    @Test("a part's own parallel work runs on several threads (Dispatch serializes a concurrentPerform nested in another's iteration)")
    func nestedWork() {
        guard Parallelism.workers > 1 else { return }
        @Sendable func together() -> Bool {
            let started = Atomic<Int>(0)
            // Each item waits (briefly) for the other to start: they overlap only on two threads.
            let overlapped = [0, 1].concurrentMap { _ -> Bool in
                started.add(1, ordering: .relaxed)
                let deadline = Date().addingTimeInterval(2)
                while started.load(ordering: .relaxed) < 2, Date() < deadline { usleep(1_000) }
                return started.load(ordering: .relaxed) == 2
            }
            return overlapped.allSatisfy { $0 }
        }
        // Either part, while the other is done at once, has the cores for its own work.
        #expect(Concurrently.run({ together() }, { 2 }).0)
        #expect(Concurrently.run({ 1 }, { together() }).1)
    }
}

@Suite struct PipelineTests {
    struct Failure: Error, Equatable { var index: Int }

    @Test("every item is consumed once, results in item order, at most two items alive, the stages overlapping", arguments: [0, 1, 2, 7])
    func consumesInOrder(count: Int) throws {
        let alive = Atomic<Int>(0), mostAlive = Atomic<Int>(0), overlapped = Atomic<Int>(0), consuming = Atomic<Int>(0)
        let results = try Pipeline.run(count: count, produce: { index -> Int in
            let now = alive.add(1, ordering: .sequentiallyConsistent).newValue
            mostAlive.max(now, ordering: .sequentiallyConsistent)
            usleep(10_000)
            if consuming.load(ordering: .sequentiallyConsistent) > 0 { overlapped.add(1, ordering: .relaxed) }
            return index
        }, consume: { item -> String in
            consuming.add(1, ordering: .sequentiallyConsistent)
            // Slow enough that the next item is made while this one is consumed.
            usleep(20_000)
            consuming.subtract(1, ordering: .sequentiallyConsistent)
            alive.subtract(1, ordering: .sequentiallyConsistent)
            return "item \(item)"
        })
        #expect(results == (0..<count).map { "item \($0)" })
        #expect(alive.load(ordering: .sequentiallyConsistent) == 0)
        #expect(mostAlive.load(ordering: .sequentiallyConsistent) <= 2)
        if Parallelism.workers > 1 && count > 2 { #expect(overlapped.load(ordering: .relaxed) > 0) }
    }

    @Test("a failure of either stage is thrown, and no item after a failed one is consumed")
    func failures() {
        let consumed = Mutex<[Int]>([])
        #expect(throws: Failure(index: 2)) {
            _ = try Pipeline.run(count: 6, produce: { $0 }, consume: { item -> Int in
                consumed.withLock { $0.append(item) }
                if item == 2 { throw Failure(index: 2) }
                return item
            })
        }
        // Item 3 may have been made while item 2 was consumed, but it is never consumed.
        #expect(consumed.withLock { $0 } == [0, 1, 2])
        #expect(throws: Failure(index: 1)) {
            _ = try Pipeline.run(count: 4, produce: { index -> Int in
                if index == 1 { throw Failure(index: 1) }
                return index
            }, consume: { $0 })
        }
    }
}

@Suite struct OverlapTests {
    struct Failure: Error {}

    @Test("the background work's value comes back once both are done, the two overlapping when two workers are free")
    func overlaps() {
        let started = Atomic<Int>(0), finished = Atomic<Int>(0)
        // Each side waits (briefly) for the other to start: with two workers they run at once.
        @Sendable func side() {
            started.add(1, ordering: .sequentiallyConsistent)
            let deadline = Date().addingTimeInterval(2)
            while started.load(ordering: .sequentiallyConsistent) < 2, Date() < deadline { usleep(1_000) }
            finished.add(1, ordering: .sequentiallyConsistent)
        }
        var foregroundRan = false
        let value = Concurrently.overlap({ side(); return "background" }, while: { side(); foregroundRan = true })
        let sides = finished.load(ordering: .sequentiallyConsistent)
        #expect(value == "background" && foregroundRan && sides == 2)
    }

    @Test("a foreground error is thrown once the background work is done, with one worker too (it was thrown and the background work never run)",
          arguments: [1, 2])
    func foregroundError(workers: Int) {
        let done = Atomic<Bool>(false)
        #expect(throws: Failure.self) {
            _ = try Concurrently.overlap(workers: workers, {
                usleep(50_000)
                done.store(true, ordering: .sequentiallyConsistent)
                return 1
            }, while: { throw Failure() })
        }
        let backgroundDone = done.load(ordering: .sequentiallyConsistent)
        #expect(backgroundDone)
    }
}

@Suite struct StartedWorkTests {
    @Test("started work runs beside the caller (two workers) and its value, taken any number of times, is computed once")
    func startedWork() {
        let runs = Atomic<Int>(0), callerWorking = Atomic<Bool>(false)
        let pending = Concurrently.start { () -> String in
            runs.add(1, ordering: .sequentiallyConsistent)
            // With two workers the work starts at once, while the caller is still busy.
            let deadline = Date().addingTimeInterval(2)
            while !callerWorking.load(ordering: .sequentiallyConsistent), Date() < deadline { usleep(1_000) }
            return "read \(callerWorking.load(ordering: .sequentiallyConsistent))"
        }
        if Parallelism.workers > 1 {
            let deadline = Date().addingTimeInterval(2)
            while runs.load(ordering: .sequentiallyConsistent) == 0, Date() < deadline { usleep(1_000) }
            #expect(runs.load(ordering: .sequentiallyConsistent) == 1, "started before its value is asked for")
        }
        callerWorking.store(true, ordering: .sequentiallyConsistent)
        #expect(pending.value == "read true" && pending.value == "read true")
        #expect(runs.load(ordering: .sequentiallyConsistent) == 1)
    }
}

@Suite struct ReleaseTests {
    /// The threads values were freed on.
    final class FreedOn: @unchecked Sendable {
        private let lock = NSLock()
        private var threads: [String] = []
        let freed = DispatchSemaphore(value: 0)
        func add(_ thread: String) {
            lock.withLock { threads.append(thread) }
            freed.signal()
        }
        var all: [String] { lock.withLock { threads } }
    }

    /// Records the thread that frees it.
    final class Tracked: @unchecked Sendable {
        let log: FreedOn
        init(_ log: FreedOn) { self.log = log }
        deinit { log.add("\(Thread.current)") }
    }

    struct Held {
        var tracked: Tracked
        var numbers: [Int]
    }

    @Test("a released value is freed on another thread, not on the caller's (the race a copy left, where the caller let go last, is not forced here)")
    func freedElsewhere() {
        let log = FreedOn()
        let rounds = 200
        for _ in 0..<rounds {
            // A value as the commands hand over theirs: a struct holding the last reference.
            let value = Held(tracked: Tracked(log), numbers: [1, 2, 3])
            Concurrently.release(consume value)
        }
        for _ in 0..<rounds { #expect(log.freed.wait(timeout: .now() + 10) == .success) }
        let caller = "\(Thread.current)"
        #expect(log.all.count == rounds)
        #expect(log.all.allSatisfy { $0 != caller })
    }

    /// A test process does not end with its runs (only the `stepwise` tool tells `discard` so):
    /// what a run discards is freed, as a released value is, not kept.
    @Test("a discarded value is freed on another thread in a process that goes on after the run")
    func discardedFreed() {
        let log = FreedOn()
        let rounds = 50
        for _ in 0..<rounds {
            let value = Held(tracked: Tracked(log), numbers: [4, 5])
            Concurrently.discard(consume value)
        }
        let deadline = DispatchTime.now() + 10
        for _ in 0..<rounds where log.freed.wait(timeout: deadline) == .timedOut { break }
        let caller = "\(Thread.current)"
        #expect(log.all.count == rounds)
        #expect(log.all.allSatisfy { $0 != caller })
    }
}

/// Counts the instances alive of `Tracked`, the value the maps below make: each made once, freed once.
private final class Tracked: Sendable {
    static let alive = Atomic<Int>(0)
    let value: String

    init(_ value: Int) {
        self.value = "value \(value)"
        Self.alive.add(1, ordering: .sequentiallyConsistent)
    }

    deinit {
        Self.alive.subtract(1, ordering: .sequentiallyConsistent)
    }
}

@Suite(.serialized) struct ConcurrentMapTests {
    @Test("a concurrent map keeps the order, and every value it makes is freed once with its array", arguments: [0, 1, 2, 3, 1_000])
    func orderAndLifetime(count: Int) {
        let before = Tracked.alive.load(ordering: .sequentiallyConsistent)
        do {
            let mapped = Array(0..<count).concurrentMap { Tracked($0) }
            #expect(mapped.map(\.value) == (0..<count).map { "value \($0)" })
            #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == before + count)
        }
        #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == before)
    }

    @Test("slots set in part free what they hold and touch no other slot (an eager map with one worker, let go unasked, set none)")
    func partlyFilledSlots() {
        let before = Tracked.alive.load(ordering: .sequentiallyConsistent)
        do {
            let slots = OrderedSlots<Tracked>(count: 5)
            slots.set(1, Tracked(1))
            slots.set(3, Tracked(3))
            #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == before + 2)
            _ = OrderedSlots<Tracked>(count: 4)
        }
        #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == before)
    }

    @Test("an eager map's values are the same each time asked; its values are freed with it, asked for or not")
    func eagerLifetime() {
        let before = Tracked.alive.load(ordering: .sequentiallyConsistent)
        do {
            let mapped = Array(0..<300).eagerMap { Tracked($0) }
            let first = mapped.values
            #expect(first.map(\.value) == (0..<300).map { "value \($0)" })
            #expect(mapped.values.map(ObjectIdentifier.init) == first.map(ObjectIdentifier.init))
            let unasked = Array(0..<300).eagerMap { Tracked($0) }
            _ = unasked
        }
        // The unasked map's thread finishes its work before it lets go of the map.
        let deadline = Date().addingTimeInterval(10)
        while Tracked.alive.load(ordering: .sequentiallyConsistent) != before, Date() < deadline { usleep(1_000) }
        #expect(Tracked.alive.load(ordering: .sequentiallyConsistent) == before)
    }
}

@Suite struct EagerMapTests {
    @Test("an eager map transforms each element once, in order, and starts before its values are asked for (two workers)", arguments: [0, 1, 2, 500])
    func eagerMap(count: Int) {
        let calls = Mutex<[Int]>([])
        let started = Atomic<Int>(0)
        let input = Array(0..<count)
        let mapped = input.eagerMap { element -> String in
            started.add(1, ordering: .sequentiallyConsistent)
            calls.withLock { $0.append(element) }
            return "element \(element)"
        }
        if Parallelism.workers > 1 && count > 0 {
            // The other thread takes elements while this one has not asked for any.
            let deadline = Date().addingTimeInterval(2)
            while started.load(ordering: .sequentiallyConsistent) == 0, Date() < deadline { usleep(1_000) }
            #expect(started.load(ordering: .sequentiallyConsistent) > 0)
        }
        #expect(mapped.values == input.map { "element \($0)" })
        #expect(calls.withLock { $0 }.sorted() == input)
    }

    @Test("the caller joins in: an element the started thread has not taken is transformed on the calling thread")
    func callerJoins() {
        let threads = Mutex<Set<String>>([])
        let release = Atomic<Bool>(false)
        let mapped = Array(0..<64).eagerMap { element -> Int in
            threads.withLock { _ = $0.insert("\(Thread.current)") }
            // The first element the started thread takes holds it until the caller has taken others.
            if element == 0 && Parallelism.workers > 1 {
                let deadline = Date().addingTimeInterval(2)
                while !release.load(ordering: .sequentiallyConsistent), Date() < deadline { usleep(1_000) }
            } else {
                release.store(true, ordering: .sequentiallyConsistent)
            }
            return element * 3
        }
        #expect(mapped.values == (0..<64).map { $0 * 3 })
        if Parallelism.workers > 1 { #expect(threads.withLock { $0.count } >= 2) }
    }
}
