/// Character references in raw HTML (an HTML block, an attribute value), decoded as a browser shows
/// them: the named entities documents use and numeric references.
public enum HTMLEntities {
    private static let named: [Substring: String] = [
        "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&", "nbsp": "\u{A0}",
    ]

    /// `text` with every reference it knows decoded; an unknown or malformed one is kept as written.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let afterAmpersand = rest.index(after: ampersand)
            guard let semicolon = rest[afterAmpersand...].prefix(10).firstIndex(of: ";"),
                let value = character(rest[afterAmpersand..<semicolon])
            else {
                result.append("&")
                rest = rest[afterAmpersand...]
                continue
            }
            result += value
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// The text a reference's name (`lt`, `#39`, `#x27`) stands for.
    private static func character(_ name: Substring) -> String? {
        if let value = named[name] { return value }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let scalar = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return scalar.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
