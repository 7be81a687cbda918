import StepwiseDiagnostics

/// The two Markdown image forms of a line, read from its bytes as these patterns match them (ICU,
/// left to right, each match after the last; `\s` is a White_Space code point):
///
///     reference  !\[([^\]]*)\]\[([^\]]*)\]
///     inline     !\[([^\]]*)\]\(\s*<?((?:[^\s()<>]|\([^\s()]*\))+)>?(?:\s+["']([^"']*)["'])?\s*\)
///
/// Neither pattern can match one way and then another from the same `![`: the alt text runs to the
/// first `]`; the destination, greedy, ends before a byte that can only fail what follows it; a title
/// either closes with `\s*\)` or no match does. So each start is tried once, without backtracking.
enum MarkdownImageScanner {
    struct Image {
        /// Byte offset of the `!`.
        var start: Int
        var alt: Range<Int>
        /// The label (reference) or the destination (inline).
        var target: Range<Int>
        var title: Range<Int>?
    }

    /// The reference images of `bytes` in order, then the inline ones.
    static func images(in bytes: UnsafeBufferPointer<UInt8>) -> (references: [Image], inline: [Image]) {
        (matches(in: bytes, reference), matches(in: bytes, inline))
    }

    /// Every non-overlapping match of `form` (which reads a match from the `![` at an offset and
    /// returns it with its end), left to right.
    private static func matches(in bytes: UnsafeBufferPointer<UInt8>, _ form: (UnsafeBufferPointer<UInt8>, Int) -> (Image, end: Int)?) -> [Image] {
        var found: [Image] = []
        var position = 0
        while position + 1 < bytes.count {
            guard bytes[position] == UInt8(ascii: "!"), bytes[position + 1] == UInt8(ascii: "[") else {
                position += 1
                continue
            }
            if let (image, end) = form(bytes, position) {
                found.append(image)
                position = end
            } else {
                position += 1
            }
        }
        return found
    }

    /// `![alt][label]` at `start`.
    private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Image, end: Int)? {
        guard let close = first(UInt8(ascii: "]"), in: bytes, from: start + 2), close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "["),
              let labelEnd = first(UInt8(ascii: "]"), in: bytes, from: close + 2) else { return nil }
        return (Image(start: start, alt: start + 2..<close, target: close + 2..<labelEnd), labelEnd + 1)
    }

    /// `![alt](destination "title")` at `start`.
    private static func inline(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Image, end: Int)? {
        guard let close = first(UInt8(ascii: "]"), in: bytes, from: start + 2), close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "(") else {
            return nil
        }
        var position = skippingWhitespace(bytes, from: close + 2)
        if position < bytes.count, bytes[position] == UInt8(ascii: "<") { position += 1 }
        let destinationStart = position
        while position < bytes.count {
            if let length = destinationScalar(bytes, at: position, parentheses: false) {
                position += length
            } else if bytes[position] == UInt8(ascii: "(") {
                // A parenthesized part without spaces or other parentheses (`x(1).png`), else the end.
                var inner = position + 1
                while inner < bytes.count, let length = destinationScalar(bytes, at: inner, parentheses: true) { inner += length }
                guard inner < bytes.count, bytes[inner] == UInt8(ascii: ")") else { break }
                position = inner + 1
            } else {
                break
            }
        }
        guard position > destinationStart else { return nil }
        let destination = destinationStart..<position
        if position < bytes.count, bytes[position] == UInt8(ascii: ">") { position += 1 }
        // A title: spaces, then a quote, text without quotes and a quote, then `\s*\)`.
        let titleQuote = skippingWhitespace(bytes, from: position)
        if titleQuote > position, titleQuote < bytes.count, isQuote(bytes[titleQuote]),
           let titleEnd = bytes[(titleQuote + 1)...].firstIndex(where: isQuote) {
            let end = skippingWhitespace(bytes, from: titleEnd + 1)
            if end < bytes.count, bytes[end] == UInt8(ascii: ")") {
                return (Image(start: start, alt: start + 2..<close, target: destination, title: titleQuote + 1..<titleEnd), end + 1)
            }
        }
        let end = skippingWhitespace(bytes, from: position)
        guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
        return (Image(start: start, alt: start + 2..<close, target: destination), end + 1)
    }

    private static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        start < bytes.count ? bytes[start...].firstIndex(of: byte) : nil
    }

    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The byte length of the code point at `offset` when a destination may hold it (not White_Space,
    /// not `(` `)`, and outside parentheses not `<` `>`); nil otherwise.
    private static func destinationScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, parentheses: Bool) -> Int? {
        let byte = bytes[offset]
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: ")"): return nil
        case UInt8(ascii: "<"), UInt8(ascii: ">"): return parentheses ? 1 : nil
        default: return UTF8.whiteSpaceWidth(at: offset, in: bytes) == nil ? scalarLength(byte) : nil
        }
    }

    private static func skippingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        while position < bytes.count, let width = UTF8.whiteSpaceWidth(at: position, in: bytes) { position += width }
        return position
    }

    /// The byte length of the code point a UTF-8 sequence starting with `lead` encodes.
    private static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}
