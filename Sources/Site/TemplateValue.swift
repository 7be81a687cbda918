/// What a template reads: view models turned into plain values, typed so that rendering needs no
/// dynamic casts.
///
/// View models are `Encodable`; the compiler-written `encode(to:)` fills the values directly. A nil
/// optional is left out (the synthesized encoding skips it), so a lookup goes on up the context
/// stack exactly as for a missing name.
enum TemplateValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// `view` as a template value.
    init<View: Encodable>(encoding view: View) {
        let node = TemplateNodeBuilder()
        // The encoder never throws; a view's own `encode(to:)` could, and then renders what it wrote.
        try? view.encode(to: TemplateEncoder(node: node))
        self = node.value
    }
}

/// One value being encoded: a scalar, keyed fields or a list.
private final class TemplateNodeBuilder {
    enum Content {
        case empty
        case scalar(TemplateValue)
        case keyed([String: TemplateNodeBuilder])
        case list([TemplateNodeBuilder])
    }

    var content = Content.empty

    var value: TemplateValue {
        switch content {
        case .empty: .null
        case .scalar(let value): value
        case .keyed(let fields): .object(fields.mapValues(\.value))
        case .list(let items): .list(items.map(\.value))
        }
    }

    func field(_ key: String) -> TemplateNodeBuilder {
        let child = TemplateNodeBuilder()
        var fields: [String: TemplateNodeBuilder] = [:]
        if case .keyed(let existing) = content { fields = existing }
        content = .empty  // keeps the dictionary uniquely referenced while it grows
        fields[key] = child
        content = .keyed(fields)
        return child
    }

    func appended() -> TemplateNodeBuilder {
        let child = TemplateNodeBuilder()
        var items: [TemplateNodeBuilder] = []
        if case .list(let existing) = content { items = existing }
        content = .empty
        items.append(child)
        content = .list(items)
        return child
    }
}

private struct TemplateEncoder: Encoder {
    let node: TemplateNodeBuilder
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
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) { node.field(key.stringValue).content = .scalar(.string(value)) }
    mutating func encode(_ value: Bool, forKey key: Key) { node.field(key.stringValue).content = .scalar(.bool(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { node.field(key.stringValue).content = .scalar(.int(value)) }
    mutating func encode(_ value: Double, forKey key: Key) { node.field(key.stringValue).content = .scalar(.double(value)) }
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
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []
    var count: Int {
        if case .list(let items) = node.content { return items.count }
        return 0
    }

    mutating func encodeNil() { _ = node.appended() }
    mutating func encode(_ value: String) { node.appended().content = .scalar(.string(value)) }
    mutating func encode(_ value: Bool) { node.appended().content = .scalar(.bool(value)) }
    mutating func encode(_ value: Int) { node.appended().content = .scalar(.int(value)) }
    mutating func encode(_ value: Double) { node.appended().content = .scalar(.double(value)) }
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
    let node: TemplateNodeBuilder
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() { node.content = .empty }
    mutating func encode(_ value: String) { node.content = .scalar(.string(value)) }
    mutating func encode(_ value: Bool) { node.content = .scalar(.bool(value)) }
    mutating func encode(_ value: Int) { node.content = .scalar(.int(value)) }
    mutating func encode(_ value: Double) { node.content = .scalar(.double(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: TemplateEncoder(node: node)) }
}
