/// Encodes an `Encodable` value in the cache's binary form (see `CacheValue`): the same keys and
/// structure as JSON, without its text.
enum CacheEncoder {
    /// `value`'s bytes; `direct: false` writes every value through its `Encodable` conformance,
    /// none through `CacheWritable` (what the tests compare that with).
    static func encode(_ value: some Encodable, direct: Bool = true) throws -> [UInt8] {
        var writer = CacheByteWriter()
        if direct, let writable = value as? any CacheWritable {
            try writable.write(cache: &writer)
        } else {
            try node(of: value, codingPath: [], direct: direct).write(to: &writer)
        }
        return writer.bytes
    }

    /// `value` encoded into a new node. The coding path is made only for a value that is not a
    /// scalar (a path per field was much of the encoding's time).
    static func node(of value: some Encodable, codingPath: @autoclosure () -> [any CodingKey], direct: Bool = true) throws -> Node {
        if let scalar = scalar(value) { return Node(scalar: scalar) }
        let node = Node()
        // A value that writes its own bytes (`CacheWritable`: findings, links, diagnostics and
        // their lists) is written at once, without a node per field.
        if direct, let writable = value as? any CacheWritable {
            var writer = CacheByteWriter()
            try writable.write(cache: &writer)
            node.encoded = writer.bytes
            return node
        }
        if let set = value as? any CanonicallyOrdered {
            // A set's elements in ascending order, as it writes itself (see `Set: CacheWritable`).
            return try Self.node(of: set.inCanonicalOrder, codingPath: codingPath(), direct: direct)
        }
        try value.encode(to: Encoding(node: node, codingPath: codingPath(), direct: direct))
        // A dictionary's keys in ascending order, as it writes itself (see `Dictionary: CacheWritable`).
        if value is any KeyedByString { node.entries?.sort { $0.key < $1.key } }
        return node
    }

    /// The common leaf types, written without going through a container.
    private static func scalar(_ value: some Encodable) -> CacheValue? {
        switch value {
        case let text as String: .string(text)
        case let number as Int: .int(Int64(number))
        case let flag as Bool: .bool(flag)
        case let number as Double: .double(number)
        default: nil
        }
    }

    /// A value being encoded: a scalar, the bytes of a value encoded before (`CachedValue`), or the
    /// elements of an array or object added as they come.
    final class Node {
        var scalar: CacheValue?
        var encoded: [UInt8]?
        var items: [Node]?
        var entries: [(key: String, node: Node)]?

        init(scalar: CacheValue? = nil) {
            self.scalar = scalar
        }

        /// Writes the value's bytes straight from the nodes (no `CacheValue` tree in between).
        func write(to writer: inout CacheByteWriter) {
            if let items {
                let lengthAt = writer.begin(.array, count: items.count)
                for item in items { item.write(to: &writer) }
                writer.end(lengthAt)
            } else if let entries {
                let lengthAt = writer.begin(.object, count: entries.count)
                for entry in entries {
                    writer.writeString(entry.key)
                    entry.node.write(to: &writer)
                }
                writer.end(lengthAt)
            } else if let encoded {
                writer.bytes += encoded
            } else {
                writer.write(scalar ?? .object([]))
            }
        }

        func add(_ key: String) -> Node {
            let node = Node()
            if entries == nil { entries = [] }
            entries?.append((key, node))
            return node
        }

        func append() -> Node {
            let node = Node()
            if items == nil { items = [] }
            items?.append(node)
            return node
        }
    }

    struct Encoding: Encoder {
        let node: Node
        var codingPath: [any CodingKey]
        var direct = true
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.entries == nil { node.entries = [] }
            return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath, direct: direct))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.items == nil { node.items = [] }
            return Unkeyed(node: node, codingPath: codingPath, direct: direct)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath, direct: direct) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]
        var direct: Bool

        mutating func encodeNil(forKey key: Key) throws { node.add(key.stringValue).scalar = .null }

        // The common leaf types, without a cast to tell them (the generic `encode` below).
        mutating func encode(_ value: String, forKey key: Key) throws { node.add(key.stringValue).scalar = .string(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { node.add(key.stringValue).scalar = .int(Int64(value)) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { node.add(key.stringValue).scalar = .bool(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { node.add(key.stringValue).scalar = .double(value) }

        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            let child = try CacheEncoder.node(of: value, codingPath: codingPath + [key], direct: direct)
            node.entries?.append((key.stringValue, child))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            Encoding(node: node.add(key.stringValue), codingPath: codingPath + [key], direct: direct).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Encoding(node: node.add(key.stringValue), codingPath: codingPath + [key], direct: direct).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Encoding(node: node.add("super"), codingPath: codingPath, direct: direct) }

        mutating func superEncoder(forKey key: Key) -> any Encoder { Encoding(node: node.add(key.stringValue), codingPath: codingPath + [key], direct: direct) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var direct: Bool
        var count: Int { node.items?.count ?? 0 }

        mutating func encodeNil() throws { node.append().scalar = .null }

        // The common leaf types, without a cast to tell them (the generic `encode` below).
        mutating func encode(_ value: String) throws { node.append().scalar = .string(value) }
        mutating func encode(_ value: Int) throws { node.append().scalar = .int(Int64(value)) }
        mutating func encode(_ value: Bool) throws { node.append().scalar = .bool(value) }
        mutating func encode(_ value: Double) throws { node.append().scalar = .double(value) }

        mutating func encode(_ value: some Encodable) throws {
            node.items?.append(try CacheEncoder.node(of: value, codingPath: codingPath, direct: direct))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            Encoding(node: node.append(), codingPath: codingPath, direct: direct).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Encoding(node: node.append(), codingPath: codingPath, direct: direct).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Encoding(node: node.append(), codingPath: codingPath, direct: direct) }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var direct: Bool

        mutating func encodeNil() throws { node.scalar = .null }
        mutating func encode(_ value: Bool) throws { node.scalar = .bool(value) }
        mutating func encode(_ value: String) throws { node.scalar = .string(value) }
        mutating func encode(_ value: Double) throws { node.scalar = .double(value) }
        mutating func encode(_ value: Float) throws { node.scalar = .double(Double(value)) }
        mutating func encode(_ value: Int) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int8) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int16) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int32) throws { node.scalar = .int(Int64(value)) }
        mutating func encode(_ value: Int64) throws { node.scalar = .int(value) }
        mutating func encode(_ value: UInt) throws { node.scalar = .uint(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { node.scalar = .uint(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { node.scalar = .uint(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { node.scalar = .uint(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { node.scalar = .uint(value) }

        mutating func encode(_ value: some Encodable) throws {
            let child = try CacheEncoder.node(of: value, codingPath: codingPath, direct: direct)
            (node.scalar, node.encoded, node.items, node.entries) = (child.scalar, child.encoded, child.items, child.entries)
        }
    }
}

/// A collection whose order differs from run to run (hashing is seeded per process), encoded in
/// ascending order: the same value gives the same bytes.
protocol CanonicallyOrdered {
    var inCanonicalOrder: any Encodable { get }
}

extension Set: CanonicallyOrdered where Element: Encodable & Comparable {
    var inCanonicalOrder: any Encodable { sorted() }
}

/// A dictionary encoded as an object, whose entries are put in ascending order of their keys.
protocol KeyedByString {}

extension Dictionary: KeyedByString where Key == String {}
