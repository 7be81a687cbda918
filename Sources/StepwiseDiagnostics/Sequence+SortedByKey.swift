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

    /// The elements of `self` and of `other`, each sorted by `areInIncreasingOrder`, merged in linear
    /// time into what a stable sort of `self + other` gives: an element of `self` comes before an
    /// equal element of `other`.
    @inlinable public func merging(sorted other: [Element], by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count + other.count)
        // Compared in place (through the buffers), each element copied once, into `merged`.
        try withUnsafeBufferPointer { mine in
            try other.withUnsafeBufferPointer { theirs in
                var (next, nextOther) = (0, 0)
                while next < mine.count, nextOther < theirs.count {
                    if try areInIncreasingOrder(theirs[nextOther], mine[next]) {
                        merged.append(theirs[nextOther])
                        nextOther += 1
                    } else {
                        merged.append(mine[next])
                        next += 1
                    }
                }
                merged += mine[next...]
                merged += theirs[nextOther...]
            }
        }
        return merged
    }
}
