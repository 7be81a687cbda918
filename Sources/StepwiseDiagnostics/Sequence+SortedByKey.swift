extension Sequence {
    /// The elements sorted by `key`, computed once per element: for keys that cost something to
    /// make, such as a URL's `path`, which a comparison closure would make twice per comparison.
    /// The comparisons are those of `sorted { key($0) < key($1) }`, so the order is the same.
    @inlinable public func sorted<Key: Comparable>(byKey key: (Element) throws -> Key) rethrows -> [Element] {
        try map { (key: try key($0), element: $0) }.sorted { $0.key < $1.key }.map(\.element)
    }
}

extension Collection {
    /// The elements sorted by `areInIncreasingOrder`, their positions sorted rather than the elements:
    /// each element is moved once, not at every step of the sort, which matters for large values (a
    /// run's tens of thousands of findings or diagnostics). The comparisons are those of
    /// `sorted(by:)`, made in the same order, so the order is the same. The elements are compared
    /// in place (through the array's buffer), not copied for every comparison.
    @inlinable public func sortedByPosition(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        let elements = Array(self)
        return try elements.withUnsafeBufferPointer { buffer in
            try buffer.indices.sorted { try areInIncreasingOrder(buffer[$0], buffer[$1]) }.map { buffer[$0] }
        }
    }
}

extension Array {
    /// Whether the elements are sorted by `areInIncreasingOrder` (no element is before the one ahead of it).
    @inlinable public func isSorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> Bool {
        try withUnsafeBufferPointer { buffer in
            for index in buffer.indices.dropFirst() where try areInIncreasingOrder(buffer[index], buffer[index - 1]) { return false }
            return true
        }
    }

    /// Merges `other` into `self`, both sorted by `areInIncreasingOrder`, in linear time and in place:
    /// what a stable sort of `self + other` gives (an element of `self` before an equal element of
    /// `other`). The elements of `self` are moved, not copied, to make room from the back, so that
    /// merging a few elements into many does not copy the many.
    @inlinable public mutating func merge(sorted other: [Element], by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        guard !other.isEmpty else { return }
        var mine = count - 1, theirs = other.count - 1, place = count + other.count - 1
        append(contentsOf: other)
        try withUnsafeMutableBufferPointer { merged in
            try other.withUnsafeBufferPointer { other in
                // From the back: the larger of the two last elements goes last; on a tie, `other`'s.
                while theirs >= 0 {
                    if mine >= 0, try areInIncreasingOrder(other[theirs], merged[mine]) {
                        merged.swapAt(place, mine)
                        mine -= 1
                    } else {
                        merged[place] = other[theirs]
                        theirs -= 1
                    }
                    place -= 1
                }
            }
        }
    }

    /// Puts at each place `index` the element that was at `order[index]` (`order` holds every index
    /// once), moving the elements along each cycle of the permutation: none is copied.
    public mutating func permute(to order: [Int]) {
        precondition(order.count == count, "a permutation of every index")
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for start in buffer.indices where !placed[start] {
                let first = (base + start).move()
                var place = start
                while true {
                    placed[place] = true
                    let from = order[place]
                    if from == start {
                        (base + place).initialize(to: first)
                        break
                    }
                    precondition(!placed[from], "a permutation of every index")
                    (base + place).moveInitialize(from: base + from, count: 1)
                    place = from
                }
            }
        }
    }
}
