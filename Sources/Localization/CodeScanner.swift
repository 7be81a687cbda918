/// The cursor behind `CodeTokenizer`.
struct CodeScanner {
    let characters: [Character]
    let style: CommentStyle
    private var index = 0
    private var line = 0
    private var lineStart = 0

    init(characters: [Character], style: CommentStyle) {
        self.characters = characters
        self.style = style
    }

    mutating func next() -> CodeToken? {
        skipWhitespace()
        guard index < characters.count else { return nil }
        let start = index, startLine = line, column = index - lineStart + 1
        let kind = scanToken()
        return CodeToken(kind: kind, text: String(characters[start..<index]), line: startLine, column: column)
    }

    private mutating func scanToken() -> CodeToken.Kind {
        let character = characters[index]
        if let open = style.lineComment, matches(open) { scanToEndOfLine(); return .comment }
        if let block = style.blockComment, matches(block.open) { scanPast(block.close); return .comment }
        if character == "@", peek(1) == "\"" { index += 1; scanString(verbatim: style.verbatimStrings); return .string }
        if character == "\"" || character == "'" { scanString(verbatim: false); return .string }
        if character.isNumber { scanWhile { $0.isLetter || $0.isNumber || $0 == "." }; return .number }
        if character.isLetter || character == "_" { scanWhile { $0.isLetter || $0.isNumber || $0 == "_" }; return .word }
        index += 1
        return .punctuation
    }

    private func peek(_ offset: Int) -> Character? {
        index + offset < characters.count ? characters[index + offset] : nil
    }

    private func matches(_ pattern: [Character]) -> Bool {
        guard index + pattern.count <= characters.count else { return false }
        return Array(characters[index..<index + pattern.count]) == pattern
    }

    private mutating func skipWhitespace() {
        while index < characters.count, characters[index].isWhitespace { advance() }
    }

    private mutating func advance() {
        if characters[index].isNewline { line += 1; lineStart = index + 1 }
        index += 1
    }

    private mutating func scanWhile(_ predicate: (Character) -> Bool) {
        while index < characters.count, predicate(characters[index]) { index += 1 }
    }

    private mutating func scanToEndOfLine() {
        while index < characters.count, !characters[index].isNewline { index += 1 }
    }

    private mutating func scanPast(_ close: [Character]) {
        index += close.count
        while index < characters.count, !matches(close) { advance() }
        index = min(index + close.count, characters.count)
    }

    /// A quoted string that ends at its closing quote or, unterminated, at the end of the line.
    private mutating func scanString(verbatim: Bool) {
        let quote = characters[index]
        index += 1
        while index < characters.count, !characters[index].isNewline {
            let character = characters[index]
            if !verbatim, character == "\\", let escaped = peek(1), !escaped.isNewline { index += 2; continue }
            index += 1
            if character == quote {
                guard verbatim, index < characters.count, characters[index] == quote else { return }
                index += 1
            }
        }
    }
}
