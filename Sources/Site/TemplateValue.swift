/// View models turned into what Mustache reads fastest: each struct becomes a dictionary once.
///
/// swift-mustache finds a name in a struct by reflecting it (`Mirror`) at every lookup, up the whole
/// context stack; on a real site that was nine tenths of the build. Here each value is reflected
/// once. The result renders identically: a nil optional is left out, so a lookup goes on up the
/// stack exactly as it does for a nil property, and arrays, strings, numbers and booleans stay what
/// they are.
enum TemplateValue {
    static func convert(_ value: Any) -> Any {
        switch value {
        case is String, is Substring, is Int, is Bool, is Double:
            return value
        case let strings as [String: String]:
            return strings
        case let array as [Any]:
            return array.map(convert)
        default:
            return reflect(value)
        }
    }

    private static func reflect(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { convert($0.value) } as Any
        case .struct, .class:
            var fields: [String: Any] = [:]
            for child in mirror.children {
                guard let label = child.label, let field = unwrapped(child.value) else { continue }
                fields[label] = convert(field)
            }
            return fields
        case .dictionary:
            var fields: [String: Any] = [:]
            for child in mirror.children {
                let pair = Mirror(reflecting: child.value).children.map(\.value)
                if pair.count == 2, let key = pair[0] as? String, let field = unwrapped(pair[1]) { fields[key] = convert(field) }
            }
            return fields
        default:
            return value
        }
    }

    /// The value an optional holds, nil for an empty optional, the value itself otherwise.
    private static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }
}
