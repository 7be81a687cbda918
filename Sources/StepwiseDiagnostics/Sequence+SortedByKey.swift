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
