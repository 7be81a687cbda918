import StepwiseDiagnostics

/// HTML escaping of text and attribute values.
public enum HTMLEscaping {
    public static func escape(_ text: String) -> String {
        // Most text has nothing to escape: one pass over the bytes, a word at a time, answers that.
        let special = text.utf8.withContiguousStorageIfAvailable { firstSpecial(in: $0, from: 0) < $0.count }
            ?? text.utf8.contains(where: { entity(for: $0) != nil })
        guard special else { return text }
        return escapedBytes(text) ?? escapedCharacters(text)
    }

    /// The offset of the first byte at or after `start` that HTML escapes (`&`, `<`, `>`, `"`, `'`), or
    /// the count when there is none. Eight bytes are tested at once (`UInt64.holdsByte`); from a word
    /// that holds one on, bytes are tested one by one.
    static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return bytes.count }
        var offset = start
        while offset + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            if word.holdsByte(0x26) || word.holdsByte(0x3C) || word.holdsByte(0x3E) || word.holdsByte(0x22) || word.holdsByte(0x27) { break }
            offset += 8
        }
        while offset < bytes.count, entity(for: base[offset]) == nil { offset += 1 }
        return offset
    }

    /// The entity that stands for `byte` (`&`, `<`, `>`, `"`, `'`), nil for any other.
    private static func entity(for byte: UInt8) -> [UInt8]? {
        switch byte {
        case 0x26: ampersand
        case 0x3C: lessThan
        case 0x3E: greaterThan
        case 0x22: quote
        case 0x27: apostrophe
        default: nil
        }
    }

    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8), apostrophe = Array("&#39;".utf8)

    /// `escapedCharacters(text)` byte by byte, when every byte to escape stands between ASCII bytes (or
    /// at an end of the text): then it is a character of its own, as nothing joins an ASCII neighbour
    /// to it (a combining mark after it, or a prepended mark before it, would make it part of another
    /// character, which `escapedCharacters` leaves as it is); nil otherwise.
    static func escapedBytes(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            for index in bytes.indices {
                guard let entity = entity(for: bytes[index]) else {
                    output.append(bytes[index])
                    continue
                }
                guard index == 0 || bytes[index - 1] < 0x80, index + 1 == bytes.count || bytes[index + 1] < 0x80 else { return nil }
                output.append(contentsOf: entity)
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The text with each character `&`, `<`, `>`, `"` and `'` written as its entity.
    static func escapedCharacters(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for char in text {
            switch char {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(char)
            }
        }
        return result
    }
}
