extension Sequence {
    /// The elements sorted by `key`, computed once per element: for keys that cost something to
    /// make, such as a URL's `path`, which a comparison closure would make twice per comparison.
    /// The comparisons are those of `sorted { key($0) < key($1) }`, so the order is the same.
    public func sorted<Key: Comparable>(byKey key: (Element) throws -> Key) rethrows -> [Element] {
        try map { (key: try key($0), element: $0) }.sorted { $0.key < $1.key }.map(\.element)
    }
}

extension Collection {
    /// The elements sorted by `areInIncreasingOrder`, their positions sorted rather than the elements:
    /// each element is moved once, not at every step of the sort, which matters for large values (a
    /// run's tens of thousands of findings or diagnostics). The comparisons are those of
    /// `sorted(by:)`, made in the same order, so the order is the same.
    public func sortedByPosition(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        let elements = Array(self)
        return try elements.indices.sorted { try areInIncreasingOrder(elements[$0], elements[$1]) }.map { elements[$0] }
    }
}

extension Array {
    /// Whether the elements are sorted by `areInIncreasingOrder` (no element is before the one ahead of it).
    public func isSorted(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> Bool {
        for index in indices.dropFirst() where try areInIncreasingOrder(self[index], self[index - 1]) { return false }
        return true
    }

    /// The elements of `self` and of `other`, each sorted by `areInIncreasingOrder`, merged in linear
    /// time into what a stable sort of `self + other` gives: an element of `self` comes before an
    /// equal element of `other`.
    public func merging(sorted other: [Element], by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count + other.count)
        var mine = startIndex, theirs = other.startIndex
        while mine < endIndex, theirs < other.endIndex {
            if try areInIncreasingOrder(other[theirs], self[mine]) {
                merged.append(other[theirs])
                theirs += 1
            } else {
                merged.append(self[mine])
                mine += 1
            }
        }
        merged += self[mine...]
        merged += other[theirs...]
        return merged
    }
}
