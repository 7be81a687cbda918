/// What `CodeScanner` reads one at a time: a character of the text, or a byte of a text whose
/// characters are all single ASCII bytes (then byte and character are the same thing, read without
/// building characters).
protocol ScannedUnit: Equatable {
    /// The unit of one ASCII character.
    static func ascii(_ byte: UInt8) -> Self
    /// The text of a run of units.
    static func text(of units: ArraySlice<Self>) -> String
    var isWhitespace: Bool { get }
    var isNewline: Bool { get }
    var isNumber: Bool { get }
    var isLetter: Bool { get }
}

extension Character: ScannedUnit {
    static func ascii(_ byte: UInt8) -> Character { Character(Unicode.Scalar(byte)) }
    static func text(of units: ArraySlice<Character>) -> String { String(units) }
}

/// An ASCII byte read as its character: `Character`'s properties, which the tests check byte by byte.
extension UInt8: ScannedUnit {
    static func ascii(_ byte: UInt8) -> UInt8 { byte }
    static func text(of units: ArraySlice<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
    var isWhitespace: Bool { (0x09...0x0D).contains(self) || self == 0x20 }
    var isNewline: Bool { (0x0A...0x0D).contains(self) }
    var isNumber: Bool { (0x30...0x39).contains(self) }
    var isLetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}

/// The cursor behind `CodeTokenizer`.
struct CodeScanner<Unit: ScannedUnit> {
    let units: [Unit]
    let style: CommentStyle
    private var index = 0
    private var line = 0
    private var lineStart = 0

    init(units: [Unit], style: CommentStyle) {
        self.units = units
        self.style = style
    }

    mutating func next() -> CodeToken? {
        skipWhitespace()
        guard index < units.count else { return nil }
        let start = index, startLine = line, column = index - lineStart + 1
        let kind = scanToken()
        return CodeToken(kind: kind, text: Unit.text(of: units[start..<index]), line: startLine, column: column)
    }

    private mutating func scanToken() -> CodeToken.Kind {
        let unit = units[index]
        if let open = style.lineComment, matches(open) { scanToEndOfLine(); return .comment }
        if let block = style.blockComment, matches(block.open) { scanPast(block.close); return .comment }
        if unit == .ascii(UInt8(ascii: "@")), peek(1) == .ascii(UInt8(ascii: "\"")) {
            index += 1
            scanString(verbatim: style.verbatimStrings)
            return .string
        }
        if unit == .ascii(UInt8(ascii: "\"")) || unit == .ascii(UInt8(ascii: "'")) { scanString(verbatim: false); return .string }
        if unit.isNumber { scanWhile { $0.isLetter || $0.isNumber || $0 == .ascii(UInt8(ascii: ".")) }; return .number }
        if unit.isLetter || unit == .ascii(UInt8(ascii: "_")) { scanWhile { $0.isLetter || $0.isNumber || $0 == .ascii(UInt8(ascii: "_")) }; return .word }
        index += 1
        return .punctuation
    }

    private func peek(_ offset: Int) -> Unit? {
        index + offset < units.count ? units[index + offset] : nil
    }

    /// Whether the units at the cursor are the ASCII characters of `pattern`.
    private func matches(_ pattern: [UInt8]) -> Bool {
        guard index + pattern.count <= units.count else { return false }
        return pattern.indices.allSatisfy { units[index + $0] == .ascii(pattern[$0]) }
    }

    private mutating func skipWhitespace() {
        while index < units.count, units[index].isWhitespace { advance() }
    }

    private mutating func advance() {
        if units[index].isNewline { line += 1; lineStart = index + 1 }
        index += 1
    }

    private mutating func scanWhile(_ predicate: (Unit) -> Bool) {
        while index < units.count, predicate(units[index]) { index += 1 }
    }

    private mutating func scanToEndOfLine() {
        while index < units.count, !units[index].isNewline { index += 1 }
    }

    private mutating func scanPast(_ close: [UInt8]) {
        index += close.count
        while index < units.count, !matches(close) { advance() }
        index = min(index + close.count, units.count)
    }

    /// A quoted string that ends at its closing quote or, unterminated, at the end of the line.
    private mutating func scanString(verbatim: Bool) {
        let quote = units[index]
        index += 1
        while index < units.count, !units[index].isNewline {
            let unit = units[index]
            if !verbatim, unit == .ascii(UInt8(ascii: "\\")), let escaped = peek(1), !escaped.isNewline { index += 2; continue }
            index += 1
            if unit == quote {
                guard verbatim, index < units.count, units[index] == quote else { return }
                index += 1
            }
        }
    }
}
