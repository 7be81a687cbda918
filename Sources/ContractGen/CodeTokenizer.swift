/// Splits C# or Objective-C source into tokens, decoding string literals the way each language does.
///
/// C# `@"…"` is a verbatim string (`""` is a quote); Objective-C `@"…"` is an `NSString` literal with
/// backslash escapes. Comments are kept as tokens because Web API samples document routes in them.
public struct CodeTokenizer: Sendable {
    public enum Dialect: Sendable { case csharp, objc }

    public var dialect: Dialect

    public init(dialect: Dialect) {
        self.dialect = dialect
    }

    /// The tokens of `text`, whose first line is `firstLine` in its file.
    public func tokenize(_ text: String, firstLine: Int) -> [CodeToken] {
        var scanner = CharacterScanner(Array(text), line: firstLine)
        var tokens: [CodeToken] = []
        while let token = next(&scanner) { tokens.append(token) }
        return tokens
    }

    private func next(_ scanner: inout CharacterScanner) -> CodeToken? {
        scanner.skipWhitespace()
        guard let char = scanner.peek() else { return nil }
        let line = scanner.line
        if char == "/", scanner.peek(1) == "/" { return CodeToken(.comment, scanner.takeLineComment(), line: line) }
        if char == "/", scanner.peek(1) == "*" { return CodeToken(.comment, scanner.takeBlockComment(), line: line) }
        if char == "#", dialect == .objc { return CodeToken(.directive, scanner.takeLine(), line: line) }
        if char == "@", scanner.peek(1) == "\"" {
            scanner.advance()
            let verbatim = dialect == .csharp
            return CodeToken(.string, verbatim ? scanner.takeVerbatimString() : scanner.takeEscapedString(), line: line)
        }
        if char == "\"" { return CodeToken(.string, scanner.takeEscapedString(), line: line) }
        if char == "'" { return CodeToken(.string, scanner.takeCharacterLiteral(), line: line) }
        if char.isLetter || char == "_" || (char == "@" && scanner.peek(1)?.isLetter == true) {
            return CodeToken(.identifier, scanner.takeIdentifier(), line: line)
        }
        if char.isNumber { return CodeToken(.number, scanner.takeNumber(), line: line) }
        return CodeToken(.punctuation, scanner.takePunctuation(), line: line)
    }
}
