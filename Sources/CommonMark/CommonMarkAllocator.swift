internal import CCmark
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory allocator cmark uses for a parse.
public enum CommonMarkAllocator: Sendable {
    /// cmark's default (the C library's calloc/realloc/free).
    case system
    /// The C allocator, with every allocation and free counted in `CommonMarkAllocationCounter`.
    case counting

    func withMemory<R>(_ body: (UnsafeMutablePointer<cmark_mem>) -> R) -> R {
        switch self {
        case .system:
            return body(cmark_get_default_mem_allocator())
        case .counting:
            return body(countingMemory)
        }
    }
}

/// The counting allocator's function table; cmark keeps this pointer in every parser and node,
/// so it lives for the whole process.
private nonisolated(unsafe) let countingMemory: UnsafeMutablePointer<cmark_mem> = {
    let pointer = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    pointer.initialize(to: cmark_mem(calloc: countingCalloc, realloc: countingRealloc, free: countingFree))
    return pointer
}()

/// Live-allocation counts of the `.counting` allocator, for leak tests.
public enum CommonMarkAllocationCounter {
    fileprivate static let allocations = Atomic<Int>(0)
    fileprivate static let frees = Atomic<Int>(0)

    /// Blocks allocated so far.
    public static var allocated: Int { allocations.load(ordering: .sequentiallyConsistent) }
    /// Blocks freed so far.
    public static var freed: Int { frees.load(ordering: .sequentiallyConsistent) }
    /// Blocks allocated and not yet freed.
    public static var live: Int { allocated - freed }
}

private func countingCalloc(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
    guard let pointer = calloc(count, size) else { return nil }
    CommonMarkAllocationCounter.allocations.add(1, ordering: .sequentiallyConsistent)
    return pointer
}

private func countingRealloc(_ old: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
    let pointer = realloc(old, size)
    if old == nil, pointer != nil {
        CommonMarkAllocationCounter.allocations.add(1, ordering: .sequentiallyConsistent)
    }
    return pointer
}

private func countingFree(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    CommonMarkAllocationCounter.frees.add(1, ordering: .sequentiallyConsistent)
    free(pointer)
}
