/// View models turned into what Mustache reads fastest: plain dictionaries, arrays and scalars.
///
/// swift-mustache finds a name in a struct by reflecting it (`Mirror`) at every lookup, up the whole
/// context stack; reflecting each value once still cost a quarter of a real site's build. View
/// models are `Encodable` instead, and the compiler-written `encode(to:)` fills the dictionaries
/// directly. The result renders as the structs did: a nil optional is left out (the synthesized
/// encoding skips it), so a lookup goes on up the stack exactly as it does for a nil property, and
/// arrays, strings, numbers and booleans stay what they are.
enum TemplateValue {
    static func convert<View: Encodable>(_ view: View) -> Any {
        let node = TemplateNode()
        // The encoder never throws; a view's own `encode(to:)` could, and then renders what it wrote.
        try? view.encode(to: TemplateEncoder(node: node))
        return node.value
    }
}

/// One value being encoded: a scalar, keyed fields or a list.
private final class TemplateNode {
    enum Content {
        case empty
        case scalar(Any)
        case keyed([String: TemplateNode])
        case list([TemplateNode])
    }

    var content = Content.empty

    var value: Any {
        switch content {
        case .empty: return Optional<Any>.none as Any
        case .scalar(let value): return value
        case .keyed(let fields): return fields.mapValues(\.value)
        case .list(let items): return items.map(\.value)
        }
    }

    func field(_ key: String) -> TemplateNode {
        let child = TemplateNode()
        var fields: [String: TemplateNode] = [:]
        if case .keyed(let existing) = content { fields = existing }
        content = .empty  // keeps the dictionary uniquely referenced while it grows
        fields[key] = child
        content = .keyed(fields)
        return child
    }

    func appended() -> TemplateNode {
        let child = TemplateNode()
        var items: [TemplateNode] = []
        if case .list(let existing) = content { items = existing }
        content = .empty
        items.append(child)
        content = .list(items)
        return child
    }
}

private struct TemplateEncoder: Encoder {
    let node: TemplateNode
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.content {} else { node.content = .keyed([:]) }
        return KeyedEncodingContainer(KeyedTemplateContainer<Key>(node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .list = node.content {} else { node.content = .list([]) }
        return UnkeyedTemplateContainer(node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleTemplateContainer(node: node)
    }
}

private struct KeyedTemplateContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TemplateNode
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) { node.field(key.stringValue).content = .scalar(value) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.field(key.stringValue).content = .scalar(value) }
    mutating func encode(_ value: Int, forKey key: Key) { node.field(key.stringValue).content = .scalar(value) }
    mutating func encode(_ value: Double, forKey key: Key) { node.field(key.stringValue).content = .scalar(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: TemplateEncoder(node: node.field(key.stringValue)))
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
    let node: TemplateNode
    var codingPath: [any CodingKey] = []
    var count: Int {
        if case .list(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() { _ = node.appended() }
    mutating func encode(_ value: String) { node.appended().content = .scalar(value) }
    mutating func encode(_ value: Bool) { node.appended().content = .scalar(value) }
    mutating func encode(_ value: Int) { node.appended().content = .scalar(value) }
    mutating func encode(_ value: Double) { node.appended().content = .scalar(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: TemplateEncoder(node: node.appended())) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        TemplateEncoder(node: node.appended()).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        TemplateEncoder(node: node.appended()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TemplateEncoder(node: node.appended()) }
}

private struct SingleTemplateContainer: SingleValueEncodingContainer {
    let node: TemplateNode
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() { node.content = .empty }
    mutating func encode(_ value: String) { node.content = .scalar(value) }
    mutating func encode(_ value: Bool) { node.content = .scalar(value) }
    mutating func encode(_ value: Int) { node.content = .scalar(value) }
    mutating func encode(_ value: Double) { node.content = .scalar(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: TemplateEncoder(node: node)) }
}
