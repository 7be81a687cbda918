import Foundation

/// Encodes an `Encodable` value to exactly the bytes Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (and the default strategies), several
/// times faster.
///
/// Foundation builds a tree of dictionaries of enum values with a new encoder object for nearly
/// every value, then sorts and prints it; `extract` spent a fifth of its time there. This encoder
/// escapes scalars once into one byte buffer as they arrive, keeps containers as arrays of entries
/// pointing into it, and prints the tree at the end, sorting each object's keys by their UTF-8
/// bytes as Foundation does outside Apple platforms. It follows Foundation's choices: an object's
/// repeated key keeps the last value, a nested value that encodes nothing is `{}`, `Date`, `Data`,
/// `URL` and `Decimal` are encoded as with the default strategies, a floating-point number loses a
/// trailing `.0`, and non-finite numbers are refused.
struct SortedJSONEncoder {
    /// The JSON of `value`, every line but the empty ones indented by `indentation` more levels of
    /// two spaces (an element of an array written one element at a time).
    static func encode<T: Encodable>(_ value: T, indentation: Int = 0) throws -> [UInt8] {
        let tree = JSONTree()
        let root = tree.appendContainer(isObject: false)  // holds the value while it is encoded
        let slot = tree.appendSlot(to: root, key: nil)
        defer { tree.spareEncoder = nil }  // it holds the tree
        try tree.encode(value, into: root, slot: slot, owner: nil, key: nil)
        let encoded = tree.containers[root].values[slot]
        if encoded.isNothing {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var printer = JSONPrinter(tree: tree, level: indentation)
        printer.writeIndentation()
        printer.write(encoded)
        return printer.bytes
    }
}

/// One value of the tree: escaped bytes in `JSONTree.text`, a container, or nothing (yet): a value
/// that encoded nothing prints as `{}`, as with Foundation.
private enum JSONValue {
    case scalar(start: Int, end: Int)
    case container(Int)
    case nothing

    var isNothing: Bool {
        if case .nothing = self { true } else { false }
    }
}

/// The values encoded so far: scalars as printed bytes, containers as lists of entries.
private final class JSONTree {
    struct Container {
        let isObject: Bool
        /// The keys of an object's entries, in the order encoded (empty for an array).
        var keys: [String] = []
        var values: [JSONValue] = []
    }

    // Only the encoding thread touches a tree, one access at a time: no run-time exclusivity checks
    // (they cost as much as the appends they guard).
    @exclusivity(unchecked) var text: [UInt8] = []
    @exclusivity(unchecked) var containers: [Container] = []
    /// An encoder no value holds any more, for the next nested value (one object per value is
    /// what makes Foundation's encoder slow).
    @exclusivity(unchecked) var spareEncoder: JSONTreeEncoder?

    func appendContainer(isObject: Bool) -> Int {
        containers.append(Container(isObject: isObject))
        return containers.count - 1
    }

    /// A new entry of `container` holding nothing yet; its index.
    @discardableResult
    func appendSlot(to container: Int, key: String?) -> Int {
        if let key { containers[container].keys.append(key) }
        containers[container].values.append(.nothing)
        return containers[container].values.count - 1
    }

    func append(_ value: JSONValue, to container: Int, key: String?) {
        if let key { containers[container].keys.append(key) }
        containers[container].values.append(value)
    }

    func set(_ value: JSONValue, in container: Int, slot: Int) {
        containers[container].values[slot] = value
    }

    // MARK: Scalars

    func scalar(_ write: () -> Void) -> JSONValue {
        let start = text.count
        write()
        return .scalar(start: start, end: text.count)
    }

    func number(_ value: some FixedWidthInteger) -> JSONValue {
        scalar { text.append(contentsOf: value.description.utf8) }
    }

    func bool(_ value: Bool) -> JSONValue {
        scalar { text.append(contentsOf: (value ? "true" : "false").utf8) }
    }

    func null() -> JSONValue {
        scalar { text.append(contentsOf: "null".utf8) }
    }

    func floatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, codingPath: [any CodingKey]) throws -> JSONValue {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var digits = value.description
        if digits.hasSuffix(".0") { digits.removeLast(2) }
        return scalar { text.append(contentsOf: digits.utf8) }
    }

    func string(_ value: String) -> JSONValue {
        scalar { text.appendJSONString(value) }
    }

    // MARK: Nested values

    /// Encodes `value` into entry `slot` of `container`, as Foundation's encoder wraps a value.
    /// (`T` is a concrete type: no existential conforms to `Encodable`.)
    func encode<T: Encodable>(_ value: T, into container: Int, slot: Int, owner: JSONTreeEncoder?, key: (any CodingKey)?) throws {
        if T.self == Date.self {
            return try encode((value as! Date).timeIntervalSinceReferenceDate, into: container, slot: slot, owner: owner, key: key)
        }
        if T.self == Data.self {
            return set(string((value as! Data).base64EncodedString()), in: container, slot: slot)
        }
        if T.self == URL.self {
            return set(string((value as! URL).absoluteString), in: container, slot: slot)
        }
        if T.self == Decimal.self {
            return set(scalar { text.append(contentsOf: (value as! Decimal).description.utf8) }, in: container, slot: slot)
        }
        var encoder = spareEncoder.take() ?? JSONTreeEncoder(tree: self)
        encoder.container = container
        encoder.slot = slot
        encoder.owner = owner
        encoder.key = key
        try value.encode(to: encoder)
        if isKnownUniquelyReferenced(&encoder) {
            encoder.owner = nil
            encoder.key = nil
            spareEncoder = encoder
        }
    }
}

/// The encoder handed to one value's `encode(to:)`: it fills one entry of a container.
private final class JSONTreeEncoder: Encoder, SingleValueEncodingContainer {
    let tree: JSONTree
    @exclusivity(unchecked) var container = 0
    @exclusivity(unchecked) var slot = 0
    /// The encoder of the enclosing value and the key of this one in it, for `codingPath`.
    @exclusivity(unchecked) var owner: JSONTreeEncoder?
    @exclusivity(unchecked) var key: (any CodingKey)?

    init(tree: JSONTree) {
        self.tree = tree
    }

    convenience init(tree: JSONTree, container: Int, slot: Int, owner: JSONTreeEncoder?, key: (any CodingKey)?) {
        self.init(tree: tree)
        self.container = container
        self.slot = slot
        self.owner = owner
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: JSONTreeEncoder? = self
        while let current = encoder, let key = current.key {
            path.append(key)
            encoder = current.owner
        }
        return path.reversed()
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    private var value: JSONValue {
        get { tree.containers[container].values[slot] }
        set { tree.set(newValue, in: container, slot: slot) }
    }

    /// The container this value already is, or a new one.
    private func nested(isObject: Bool) -> Int {
        if case let .container(index) = value {
            precondition(tree.containers[index].isObject == isObject, "Attempt to push a new container of another kind at \(codingPath).")
            return index
        }
        precondition(value.isNothing, "Attempt to push a new container when a value is already encoded at \(codingPath).")
        let index = tree.appendContainer(isObject: isObject)
        value = .container(index)
        return index
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer(encoder: self, container: nested(isObject: true), path: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(encoder: self, container: nested(isObject: false), path: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: SingleValueEncodingContainer

    private func put(_ newValue: JSONValue) {
        precondition(value.isNothing, "Attempt to encode value through single value container when previously value already encoded.")
        value = newValue
    }

    func encodeNil() throws { put(tree.null()) }
    func encode(_ value: Bool) throws { put(tree.bool(value)) }
    func encode(_ value: String) throws { put(tree.string(value)) }
    func encode(_ value: Double) throws { put(try tree.floatingPoint(value, codingPath: codingPath)) }
    func encode(_ value: Float) throws { put(try tree.floatingPoint(value, codingPath: codingPath)) }
    func encode(_ value: Int) throws { put(tree.number(value)) }
    func encode(_ value: Int8) throws { put(tree.number(value)) }
    func encode(_ value: Int16) throws { put(tree.number(value)) }
    func encode(_ value: Int32) throws { put(tree.number(value)) }
    func encode(_ value: Int64) throws { put(tree.number(value)) }
    func encode(_ value: Int128) throws { put(tree.number(value)) }
    func encode(_ value: UInt) throws { put(tree.number(value)) }
    func encode(_ value: UInt8) throws { put(tree.number(value)) }
    func encode(_ value: UInt16) throws { put(tree.number(value)) }
    func encode(_ value: UInt32) throws { put(tree.number(value)) }
    func encode(_ value: UInt64) throws { put(tree.number(value)) }
    func encode(_ value: UInt128) throws { put(tree.number(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        precondition(self.value.isNothing, "Attempt to encode value through single value container when previously value already encoded.")
        try tree.encode(value, into: container, slot: slot, owner: owner, key: key)
        if self.value.isNothing { self.value = .container(tree.appendContainer(isObject: true)) }  // `{}`, not nothing
    }
}

/// A key that is an array index, for coding paths.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder
    let container: Int
    /// Keys from the encoder's value to this container, when it is nested in that value.
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + path }
    private var tree: JSONTree { encoder.tree }

    private func put(_ value: JSONValue, _ key: Key) {
        tree.append(value, to: container, key: key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws { put(tree.null(), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(tree.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(tree.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(try tree.floatingPoint(value, codingPath: codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(try tree.floatingPoint(value, codingPath: codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(tree.number(value), key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { put(tree.number(value), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let slot = tree.appendSlot(to: container, key: key.stringValue)
        try tree.encode(value, into: container, slot: slot, owner: encoder, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = tree.appendContainer(isObject: true)
        put(.container(nested), key)
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: encoder, container: nested, path: path + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = tree.appendContainer(isObject: false)
        put(.container(nested), key)
        return JSONUnkeyedContainer(encoder: encoder, container: nested, path: path + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(key: "super", codingKey: JSONSuperKey())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(key: key.stringValue, codingKey: key)
    }

    private func superEncoder(key: String, codingKey: any CodingKey) -> any Encoder {
        let slot = tree.appendSlot(to: container, key: key)
        return JSONTreeEncoder(tree: tree, container: container, slot: slot, owner: encoder, key: codingKey)
    }
}

/// The key `super` of `superEncoder()`.
private struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

private struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder
    let container: Int
    let path: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + path }
    var count: Int { tree.containers[container].values.count }
    private var tree: JSONTree { encoder.tree }

    private func put(_ value: JSONValue) {
        tree.append(value, to: container, key: nil)
    }

    mutating func encodeNil() throws { put(tree.null()) }
    mutating func encode(_ value: Bool) throws { put(tree.bool(value)) }
    mutating func encode(_ value: String) throws { put(tree.string(value)) }
    mutating func encode(_ value: Double) throws { put(try tree.floatingPoint(value, codingPath: codingPath + [IndexKey(intValue: count)])) }
    mutating func encode(_ value: Float) throws { put(try tree.floatingPoint(value, codingPath: codingPath + [IndexKey(intValue: count)])) }
    mutating func encode(_ value: Int) throws { put(tree.number(value)) }
    mutating func encode(_ value: Int8) throws { put(tree.number(value)) }
    mutating func encode(_ value: Int16) throws { put(tree.number(value)) }
    mutating func encode(_ value: Int32) throws { put(tree.number(value)) }
    mutating func encode(_ value: Int64) throws { put(tree.number(value)) }
    mutating func encode(_ value: Int128) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt8) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt16) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt32) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt64) throws { put(tree.number(value)) }
    mutating func encode(_ value: UInt128) throws { put(tree.number(value)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let slot = tree.appendSlot(to: container, key: nil)
        try tree.encode(value, into: container, slot: slot, owner: encoder, key: IndexKey(intValue: slot))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = IndexKey(intValue: count)
        let nested = tree.appendContainer(isObject: true)
        put(.container(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: encoder, container: nested, path: path + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = IndexKey(intValue: count)
        let nested = tree.appendContainer(isObject: false)
        put(.container(nested))
        return JSONUnkeyedContainer(encoder: encoder, container: nested, path: path + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let slot = tree.appendSlot(to: container, key: nil)
        return JSONTreeEncoder(tree: tree, container: container, slot: slot, owner: encoder, key: IndexKey(intValue: slot))
    }
}

/// Prints a tree as Foundation's pretty printer does: two spaces per level, `" : "` after keys,
/// `",\n"` between entries, and an empty container as its brackets around an empty line.
private struct JSONPrinter {
    let tree: JSONTree
    var level: Int
    var bytes: [UInt8] = []

    init(tree: JSONTree, level: Int) {
        self.tree = tree
        self.level = level
        bytes.reserveCapacity(tree.text.count * 2)
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    mutating func writeIndentation() {
        var count = 2 * level
        while count > 0 {
            bytes.append(contentsOf: Self.spaces.prefix(count))
            count -= Self.spaces.count
        }
    }

    mutating func write(_ value: JSONValue) {
        switch value {
        case let .scalar(start, end):
            bytes.append(contentsOf: tree.text[start..<end])
        case let .container(index):
            write(tree.containers[index])
        case .nothing:
            bytes.append(contentsOf: "{\n\n".utf8)
            writeIndentation()
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func write(_ container: JSONTree.Container) {
        bytes.append(container.isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        bytes.append(UInt8(ascii: "\n"))
        level += 1
        if container.isObject {
            for (position, entry) in Self.sortedEntries(of: container).enumerated() {
                if position > 0 { bytes.append(contentsOf: ",\n".utf8) }
                writeIndentation()
                bytes.appendJSONString(container.keys[entry])
                bytes.append(contentsOf: " : ".utf8)
                write(container.values[entry])
            }
        } else {
            for (position, value) in container.values.enumerated() {
                if position > 0 { bytes.append(contentsOf: ",\n".utf8) }
                writeIndentation()
                write(value)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        level -= 1
        writeIndentation()
        bytes.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// The indices of an object's entries in the order of their keys' UTF-8 bytes, the last of
    /// entries with one key only (the value a dictionary would hold).
    private static func sortedEntries(of container: JSONTree.Container) -> [Int] {
        let keys = container.keys
        // Insertion sort: objects have a handful of keys. Stable: of equal keys, the entry encoded
        // last comes last.
        var order = Array(keys.indices)
        for end in order.indices.dropFirst() {
            let entry = order[end]
            var position = end
            while position > 0, keys[entry].utf8.lexicographicallyPrecedes(keys[order[position - 1]].utf8) {
                order[position] = order[position - 1]
                position -= 1
            }
            order[position] = entry
        }
        if zip(order, order.dropFirst()).contains(where: { keys[$0] == keys[$1] }) {
            return order.indices.filter { $0 + 1 == order.count || keys[order[$0]] != keys[order[$0 + 1]] }.map { order[$0] }
        }
        return order
    }
}

private extension [UInt8] {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A JSON string as Foundation writes it: quotes, backslashes and control characters escaped,
    /// `/` and everything else as is.
    mutating func appendJSONString(_ value: String) {
        append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var copied = 0
            for (offset, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                append(contentsOf: bytes[copied..<offset])
                copied = offset + 1
                append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
                case 0x08: append(UInt8(ascii: "b"))
                case 0x0C: append(UInt8(ascii: "f"))
                case UInt8(ascii: "\n"): append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): append(UInt8(ascii: "t"))
                default:
                    append(contentsOf: "u00".utf8)
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            append(contentsOf: bytes[copied...])
        }
        append(UInt8(ascii: "\""))
    }
}
