extension Sequence {
    /// The elements sorted by `key`, computed once per element: for keys that cost something to
    /// make, such as a URL's `path`, which a comparison closure would make twice per comparison.
    /// The comparisons are those of `sorted { key($0) < key($1) }`, so the order is the same.
    public func sorted<Key: Comparable>(byKey key: (Element) throws -> Key) rethrows -> [Element] {
        try map { (key: try key($0), element: $0) }.sorted { $0.key < $1.key }.map(\.element)
    }
}
