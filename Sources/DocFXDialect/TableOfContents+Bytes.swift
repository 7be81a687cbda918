/// A table of contents' headings and links read by their UTF-8 bytes (`TableOfContents.heading` and
/// `link` read by characters, whose grapheme breaking made a table's lines cost microseconds each,
/// and every run reads every table). A byte is taken for the character it spells only where that is
/// sure: an ASCII byte with ASCII bytes (or nothing) on either side, not half of a carriage return
/// and line feed. Where a byte the reading turns on is not so — a combining mark after a `]`, a
/// non-ASCII character in a destination, which may be whitespace — the bytes cannot decide, and the
/// line is read by its characters; so both readings read the same.
extension TableOfContents {
    /// The bytes could not decide: the text is read by its characters.
    struct ByCharacters: Error {}

    /// The bytes of one line, read by offset.
    private struct Bytes {
        let base: UnsafeBufferPointer<UInt8>
        var count: Int { base.count }

        static let (hash, space, tab, cr, lf) = (UInt8(ascii: "#"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        static let (open, close, openParen, closeParen, quote) =
            (UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\""))

        subscript(offset: Int) -> UInt8 { base[offset] }

        /// A space or a tab.
        static func isBlank(_ byte: UInt8) -> Bool { byte == space || byte == tab }

        /// Whether the byte at `offset` is a character of its own.
        func whole(_ offset: Int) -> Bool {
            let byte = base[offset]
            guard byte < 0x80 else { return false }
            let before = offset == 0 ? nil : base[offset - 1], after = offset + 1 == base.count ? nil : base[offset + 1]
            if let before, before >= 0x80 || (before == Self.cr && byte == Self.lf) { return false }
            if let after, after >= 0x80 || (byte == Self.cr && after == Self.lf) { return false }
            return true
        }

        /// Whether the character at `offset` is the one `byte` spells; throws when that character may
        /// be more than the byte.
        func character(at offset: Int, is byte: UInt8) throws(ByCharacters) -> Bool {
            try character(at: offset) { $0 == byte }
        }

        /// Whether the character at `offset` is one a byte `matches` spells; throws when that
        /// character may be more than the byte.
        func character(at offset: Int, matches: (UInt8) -> Bool) throws(ByCharacters) -> Bool {
            guard matches(base[offset]) else { return false }
            guard whole(offset) else { throw ByCharacters() }
            return true
        }

        /// Whether the character at `offset` is whitespace (`Character.isWhitespace`); throws when the
        /// bytes cannot tell (a byte outside ASCII: whitespace such as a no-break space, or a mark that
        /// makes one character with the byte before).
        func isWhitespace(at offset: Int) throws(ByCharacters) -> Bool {
            let byte = base[offset]
            guard byte < 0x80 else { throw ByCharacters() }
            guard byte == Self.space || (Self.tab...Self.cr).contains(byte) else { return false }
            guard whole(offset) || (byte == Self.cr && offset + 1 < count && base[offset + 1] == Self.lf) else { throw ByCharacters() }
            return true
        }

        /// Whether the bytes from `start` to `end` hold a newline character (`Character.isNewline`):
        /// a line feed, vertical tab, form feed or carriage return, or U+0085, U+2028 or U+2029 (each
        /// a control, never joined to its neighbours).
        func holdsNewline(from start: Int, to end: Int) -> Bool {
            var offset = start
            while offset < end {
                let byte = base[offset]
                if (Self.lf...Self.cr).contains(byte) { return true }
                if byte == 0xC2, offset + 1 < end, base[offset + 1] == 0x85 { return true }
                if byte == 0xE2, offset + 2 < end, base[offset + 1] == 0x80, base[offset + 2] == 0xA8 || base[offset + 2] == 0xA9 { return true }
                offset += 1
            }
            return false
        }
    }

    /// `heading(_:)` read by bytes; throws when they cannot decide.
    static func headingByBytes(_ line: Substring) throws(ByCharacters) -> (level: Int, body: Substring)? {
        let read = line.utf8.withContiguousStorageIfAvailable { buffer -> Result<(level: Int, start: Int, end: Int)?, ByCharacters> in
            Result { () throws(ByCharacters) in
                let bytes = Bytes(base: buffer), count = buffer.count
                var start = 0
                while start < count, try bytes.character(at: start, is: Bytes.hash) { start += 1 }
                let level = start
                guard (1...6).contains(level), start < count, try bytes.character(at: start, matches: Bytes.isBlank) else {
                    return nil
                }
                while start < count, try bytes.character(at: start, matches: Bytes.isBlank) { start += 1 }
                var end = count
                if end > start, try bytes.character(at: end - 1, is: Bytes.cr) { end -= 1 }
                guard !bytes.holdsNewline(from: start, to: end) else { return nil }
                while end > start, try bytes.character(at: end - 1, matches: { Bytes.isBlank($0) || $0 == Bytes.hash }) { end -= 1 }
                return (level, start, end)
            }
        }
        guard let read else { throw ByCharacters() }
        guard let (level, start, end) = try read.get() else { return nil }
        let utf8 = line.utf8
        return (level, line[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)])
    }

    /// `link(_:)` read by bytes; throws when they cannot decide.
    static func linkByBytes(_ text: Substring) throws(ByCharacters) -> (title: Substring, href: Substring)? {
        let read = text.utf8.withContiguousStorageIfAvailable { buffer -> Result<(close: Int, start: Int, end: Int)?, ByCharacters> in
            Result { () throws(ByCharacters) in
                let bytes = Bytes(base: buffer), count = buffer.count
                guard count > 0, try bytes.character(at: 0, is: Bytes.open) else { return nil }
                var close = 1
                while close < count, bytes[close] != Bytes.close { close += 1 }
                guard close < count, try bytes.character(at: close, is: Bytes.close) else { return nil }
                var position = close + 1
                guard position < count, try bytes.character(at: position, is: Bytes.openParen) else { return nil }
                position += 1
                let start = position
                while position < count, try !bytes.character(at: position, is: Bytes.closeParen), try !bytes.isWhitespace(at: position) { position += 1 }
                let end = position
                guard position < count else { return nil }
                if try !bytes.character(at: position, is: Bytes.closeParen) {
                    // Blanks, then a quoted tip, then the closing parenthesis.
                    while position < count, try bytes.isWhitespace(at: position) { position += 1 }
                    guard position < count, try bytes.character(at: position, is: Bytes.quote) else { return nil }
                    position += 1
                    while position < count, bytes[position] != Bytes.quote { position += 1 }
                    guard position < count, try bytes.character(at: position, is: Bytes.quote) else { return nil }
                    position += 1
                    guard position < count, try bytes.character(at: position, is: Bytes.closeParen) else { return nil }
                }
                guard position + 1 == count else { return nil }
                return (close, start, end)
            }
        }
        guard let read else { throw ByCharacters() }
        guard let (close, start, end) = try read.get() else { return nil }
        let utf8 = text.utf8
        func index(_ offset: Int) -> Substring.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        return (text[index(1)..<index(close)], text[index(start)..<index(end)])
    }
}
