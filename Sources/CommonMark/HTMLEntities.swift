/// Character references in raw HTML (an HTML block, an attribute value), decoded as a browser shows
/// them: the named entities documents use and numeric references.
public enum HTMLEntities {
    private static let named: [String: String] = [
        "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&", "nbsp": "\u{A0}",
    ]

    /// `text` with every reference it knows decoded; an unknown or malformed one is kept as written.
    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        // Indexes into an array of characters: plain integer arithmetic, no slices kept across
        // iterations.
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "&", let end = characters[(index + 1)..<min(characters.count, index + 12)].firstIndex(of: ";"),
                let value = Self.character(String(characters[(index + 1)..<end]))
            {
                result += value
                index = end + 1
            } else {
                result.append(character)
                index += 1
            }
        }
        return result
    }

    /// The text a reference's name (`lt`, `#39`, `#x27`) stands for.
    private static func character(_ name: String) -> String? {
        if let value = named[name] { return value }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let scalar = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return scalar.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
