/// A fingerprint of a finding that survives unrelated edits: the rule, the file, the text of the
/// finding's line and the message with its numbers removed — not the line number.
public enum FindingFingerprint {
    public static func make(rule: String, path: String, lineText: String, message: String) -> String {
        let text = split(lineText, where: isWhitespace, orCharacters: \.isWhitespace).joined(separator: " ")
        let words = split(message, where: isNumber, orCharacters: \.isNumber).joined(separator: "#")
        return hex(fnv1a([rule, path, text, words].joined(separator: "\u{1F}")))
    }

    /// The text's runs of characters between those `isSeparator` holds for, empty runs left out.
    /// Read scalar by scalar when its characters are single scalars: then a character's property is
    /// its scalar's, and a `"\r\n"` is whitespace and no number both ways. Else read by character.
    static func split(_ text: String, where isSeparator: (Unicode.Scalar) -> Bool,
                      orCharacters isSeparatorCharacter: (Character) -> Bool) -> [Substring] {
        guard text.hasScalarCharacters else { return text.split(whereSeparator: isSeparatorCharacter) }
        return text.unicodeScalars.split(whereSeparator: isSeparator).map { Substring($0) }
    }

    /// `Character.isWhitespace` of a one-scalar character, ASCII without the property table.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x09...0x0D).contains(scalar.value) || scalar.value == 0x20 : scalar.properties.isWhitespace
    }

    /// `Character.isNumber` of a one-scalar character, ASCII without the property table.
    static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? (0x30...0x39).contains(scalar.value) : scalar.properties.numericType != nil
    }

    /// 64-bit FNV-1a over the UTF-8 bytes: stable across runs, platforms and Swift versions.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
