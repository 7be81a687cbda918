/// The fields of a template object by name. A view's object has a few fields and a template looks
/// each name up once or twice: they are kept in order and found by comparing names (short strings,
/// compared in place), as hashing every name to build and to search a dictionary cost more than the
/// lookups it saved. An object of many fields (a page's interface strings) keeps its dictionary.
struct TemplateFields: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    private enum Storage: Sendable {
        case few(names: [String], values: [TemplateValue])
        case many([String: TemplateValue])
    }

    private var storage: Storage

    /// The most fields kept in order and searched by comparison.
    static let few = 16

    init(_ dictionary: [String: TemplateValue]) {
        if dictionary.count <= Self.few {
            storage = .few(names: Array(dictionary.keys), values: Array(dictionary.values))
        } else {
            storage = .many(dictionary)
        }
    }

    /// The fields `pairs` name, in order; of a name given twice, the last value. A few are kept as
    /// given, a name given twice too: a lookup searches from the end, and so finds its last value.
    init(_ pairs: some Sequence<(key: String, value: TemplateValue)>) {
        var names: [String] = [], values: [TemplateValue] = []
        names.reserveCapacity(pairs.underestimatedCount)
        values.reserveCapacity(pairs.underestimatedCount)
        for (name, value) in pairs {
            names.append(name)
            values.append(value)
        }
        self.init(names: names, values: values)
    }

    /// The fields of `pairs` that have a value (a view's fields: a nil optional is left out).
    init(present pairs: KeyValuePairs<String, TemplateValue?>) {
        var names: [String] = [], values: [TemplateValue] = []
        names.reserveCapacity(pairs.count)
        values.reserveCapacity(pairs.count)
        for (name, value) in pairs {
            guard let value else { continue }
            names.append(name)
            values.append(value)
        }
        self.init(names: names, values: values)
    }

    private init(names: [String], values: [TemplateValue]) {
        if names.count <= Self.few {
            storage = .few(names: names, values: values)
        } else {
            storage = .many(Dictionary(zip(names, values), uniquingKeysWith: { _, last in last }))
        }
    }

    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }

    subscript(name: String) -> TemplateValue? {
        switch storage {
        case .few(let names, let values):
            for index in names.indices.reversed() where names[index] == name { return values[index] }
            return nil
        case .many(let dictionary):
            return dictionary[name]
        }
    }

    /// How many names there are (a name given twice counts once).
    var count: Int {
        switch storage {
        case .few(let names, _): Set(names).count
        case .many(let dictionary): dictionary.count
        }
    }

    var isEmpty: Bool {
        switch storage {
        case .few(let names, _): names.isEmpty
        case .many(let dictionary): dictionary.isEmpty
        }
    }

    /// Each name once, with its value.
    func makeIterator() -> AnyIterator<(key: String, value: TemplateValue)> {
        switch storage {
        case .few(let names, let values):
            var index = 0
            return AnyIterator {
                // A name given again later is read there.
                while index < names.count, names[(index + 1)...].contains(names[index]) { index += 1 }
                guard index < names.count else { return nil }
                defer { index += 1 }
                return (names[index], values[index])
            }
        case .many(let dictionary):
            var iterator = dictionary.makeIterator()
            return AnyIterator { iterator.next() }
        }
    }

    /// Equal when they have the same names, each with an equal value, in any order.
    static func == (lhs: TemplateFields, rhs: TemplateFields) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }
}
