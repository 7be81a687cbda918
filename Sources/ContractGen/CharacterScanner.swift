/// A cursor over characters that counts lines, used by `CodeTokenizer`.
struct CharacterScanner {
    private let chars: [Character]
    private var index = 0
    private(set) var line: Int

    /// Two-character operators kept together (`==`, `&&`, `->`, …).
    private static let operators: Set<String> = ["==", "!=", "&&", "||", "<=", ">=", "->", "=>", "++", "--", "+=", "::"]

    init(_ chars: [Character], line: Int) {
        self.chars = chars
        self.line = line
    }

    func peek(_ offset: Int = 0) -> Character? {
        index + offset < chars.count ? chars[index + offset] : nil
    }

    mutating func advance() {
        if chars[index] == "\n" { line += 1 }
        index += 1
    }

    mutating func skipWhitespace() {
        while let char = peek(), char.isWhitespace { advance() }
    }

    mutating func take(while predicate: (Character) -> Bool) -> String {
        var text = ""
        while let char = peek(), predicate(char) {
            text.append(char)
            advance()
        }
        return text
    }

    mutating func takeLine() -> String { take { $0 != "\n" } }

    mutating func takeLineComment() -> String {
        String(takeLine().dropFirst(2)).trimming(" \t")
    }

    mutating func takeBlockComment() -> String {
        var text = ""
        advance(); advance()
        while let char = peek(), !(char == "*" && peek(1) == "/") {
            text.append(char)
            advance()
        }
        if peek() != nil { advance(); advance() }
        return text.trimming(" \t\n")
    }

    mutating func takeIdentifier() -> String {
        var text = ""
        if peek() == "@" { text.append("@"); advance() }
        return text + take { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    mutating func takeNumber() -> String { take { $0.isNumber || $0.isLetter || $0 == "." } }

    mutating func takePunctuation() -> String {
        if let first = peek(), let second = peek(1), Self.operators.contains(String([first, second])) {
            advance(); advance()
            return String([first, second])
        }
        let char = peek()!
        advance()
        return String(char)
    }

    /// A `"…"` literal with backslash escapes; stops at the end of the line when unterminated.
    mutating func takeEscapedString() -> String {
        advance()
        var text = ""
        while let char = peek(), char != "\"", char != "\n" {
            advance()
            if char == "\\", let escaped = peek() {
                advance()
                text.append(Self.unescape(escaped))
            } else {
                text.append(char)
            }
        }
        if peek() == "\"" { advance() }
        return text
    }

    /// A C# `@"…"` literal: no escapes, `""` stands for one quote.
    mutating func takeVerbatimString() -> String {
        advance()
        var text = ""
        while let char = peek() {
            advance()
            if char != "\"" { text.append(char); continue }
            guard peek() == "\"" else { break }
            advance()
            text.append("\"")
        }
        return text
    }

    mutating func takeCharacterLiteral() -> String {
        advance()
        var text = ""
        while let char = peek(), char != "'", char != "\n" {
            advance()
            if char == "\\", let escaped = peek() { advance(); text.append(Self.unescape(escaped)) } else { text.append(char) }
        }
        if peek() == "'" { advance() }
        return text
    }

    private static func unescape(_ char: Character) -> Character {
        switch char {
        case "n": "\n"
        case "t": "\t"
        case "r": "\r"
        case "0": "\0"
        default: char
        }
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimming(_ set: String) -> String {
        let chars = Set(set)
        var slice = Substring(self)
        while let first = slice.first, chars.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, chars.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
