/// A fingerprint of a finding that survives unrelated edits: the rule, the file, the text of the
/// finding's line and the message with its numbers removed — not the line number.
public enum FindingFingerprint {
    public static func make(rule: String, path: String, lineText: String, message: String) -> String {
        let text = lineText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let words = message.split(whereSeparator: { $0.isNumber }).joined(separator: "#")
        return hex(fnv1a([rule, path, text, words].joined(separator: "\u{1F}")))
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
