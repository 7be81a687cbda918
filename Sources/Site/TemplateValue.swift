/// What a template reads: view models turned into plain values, typed so that rendering needs no
/// dynamic casts.
///
/// View models are `Encodable`; the compiler-written `encode(to:)` fills the values directly. A nil
/// optional is left out (the synthesized encoding skips it), so a lookup goes on up the context
/// stack exactly as for a missing name.
enum TemplateValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object(TemplateFields)

    /// `view` as a template value: made by the view itself when it can (see `TemplateValueConvertible`),
    /// else through its encoding; without `converting`, through the encoding of every value.
    init<View: Encodable>(encoding view: View, converting: Bool = true) {
        if converting, let view = view as? any TemplateValueConvertible {
            self = view.templateValue
            return
        }
        let node = TemplateNodeBuilder(converting: converting)
        // The encoder never throws; a view's own `encode(to:)` could, and then renders what it wrote.
        try? view.encode(to: TemplateEncoder(node: node))
        self = node.value
    }
}

/// One value being encoded: a scalar, keyed fields or a list. A scalar field or item is stored as
/// its value at once, and so is a nested value encoded whole (`encode(_:forKey:)`, the compiler-written
/// encoding's one call); only a container asked for by itself has a builder of its own, filled later.
/// Fields are gathered in order and made a dictionary once, at its final size: growing one field by
/// field hashed every key again at each doubling.
private final class TemplateNodeBuilder {
    enum Kind { case empty, scalar, keyed, list }

    enum Slot {
        case value(TemplateValue)
        case node(TemplateNodeBuilder)

        var value: TemplateValue {
            switch self {
            case .value(let value): value
            case .node(let node): node.value
            }
        }
    }

    /// Whether a value that makes its template value itself is asked for it (see `TemplateValueConvertible`).
    let converting: Bool
    var kind = Kind.empty
    var scalar = TemplateValue.null
    /// The fields in the order encoded; a key encoded again replaces its value.
    var fields: [(key: String, slot: Slot)] = []
    var items: [Slot] = []

    init(converting: Bool) {
        self.converting = converting
    }

    var value: TemplateValue {
        switch kind {
        case .empty: .null
        case .scalar: scalar
        case .keyed: .object(TemplateFields(fields.lazy.map { (key: $0.key, value: $0.slot.value) }))
        case .list: .list(items.map(\.value))
        }
    }

    func set(_ value: TemplateValue) {
        kind = .scalar
        scalar = value
    }

    func set(_ key: String, _ value: TemplateValue) {
        fields.append((key, .value(value)))
    }

    func field(_ key: String) -> TemplateNodeBuilder {
        let child = TemplateNodeBuilder(converting: converting)
        fields.append((key, .node(child)))
        return child
    }

    func append(_ value: TemplateValue) {
        items.append(.value(value))
    }

    func appended() -> TemplateNodeBuilder {
        let child = TemplateNodeBuilder(converting: converting)
        items.append(.node(child))
        return child
    }

    /// `value` encoded whole, handed to `store` as a template value — what it wrote before it threw, if
    /// it throws; made by the value itself when it can and `converting`.
    static func encode<T: Encodable>(_ value: T, converting: Bool, into store: (TemplateValue) -> Void) throws {
        if converting, let value = value as? any TemplateValueConvertible { return store(value.templateValue) }
        let node = TemplateNodeBuilder(converting: converting)
        defer { store(node.value) }
        try value.encode(to: TemplateEncoder(node: node))
    }
}

private struct TemplateEncoder: Encoder {
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.kind = .keyed
        return KeyedEncodingContainer(KeyedTemplateContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.kind = .list
        return UnkeyedTemplateContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTemplateContainer(node: node)
    }
}

private struct KeyedTemplateContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) { node.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.set(key.stringValue, .bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { node.set(key.stringValue, .int(value)) }
    mutating func encode(_ value: Double, forKey key: Key) { node.set(key.stringValue, .double(value)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try TemplateNodeBuilder.encode(value, converting: node.converting) { node.set(key.stringValue, $0) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        TemplateEncoder(node: node.field(key.stringValue)).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TemplateEncoder(node: node.field(key.stringValue)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TemplateEncoder(node: node.field("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { TemplateEncoder(node: node.field(key.stringValue)) }
}

private struct UnkeyedTemplateContainer: UnkeyedEncodingContainer {
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []
    var count: Int { node.items.count }

    mutating func encodeNil() { _ = node.appended() }
    mutating func encode(_ value: String) { node.append(.string(value)) }
    mutating func encode(_ value: Bool) { node.append(.bool(value)) }
    mutating func encode(_ value: Int) { node.append(.int(value)) }
    mutating func encode(_ value: Double) { node.append(.double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try TemplateNodeBuilder.encode(value, converting: node.converting) { node.append($0) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        TemplateEncoder(node: node.appended()).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TemplateEncoder(node: node.appended()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TemplateEncoder(node: node.appended()) }
}

private struct SingleTemplateContainer: SingleValueEncodingContainer {
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() { node.kind = .empty }
    mutating func encode(_ value: String) { node.set(.string(value)) }
    mutating func encode(_ value: Bool) { node.set(.bool(value)) }
    mutating func encode(_ value: Int) { node.set(.int(value)) }
    mutating func encode(_ value: Double) { node.set(.double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if node.converting, let value = value as? any TemplateValueConvertible { return node.set(value.templateValue) }
        try value.encode(to: TemplateEncoder(node: node))
    }
}
