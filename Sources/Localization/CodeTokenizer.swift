/// Splits code into tokens: words, numbers, string literals, punctuation and comments.
///
/// The lexer is shared by the C family (C#, Objective-C, Swift, Java, JavaScript, JSON): `//` and
/// `/* */` comments, `"…"` strings with backslash escapes (Objective-C `@"…"` included), C# verbatim
/// strings `@"…"` with doubled quotes when the language is C#. Markup (`xml`, `html`) treats `<!-- -->`
/// as comments; shell and YAML use `#`.
public struct CodeTokenizer: Sendable {
    public var language: String

    public init(language: String) {
        self.language = language
    }

    /// Columns count characters. Code is mostly ASCII, where every byte is a character — but for
    /// `\r\n`, one character of two bytes — so such text is read as bytes, the rest as characters.
    public func tokens(_ text: String) -> [CodeToken] {
        let style = CommentStyle(language: language)
        let bytes = Array(text.utf8)
        if bytes.allSatisfy({ $0 < 0x80 }), !bytes.indices.dropLast().contains(where: { bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A }) {
            return Self.tokens(CodeScanner(units: bytes, style: style))
        }
        return Self.tokens(CodeScanner(units: Array(text), style: style))
    }

    /// The comments of `text`: none without the first character of the language's comment mark (no
    /// other character equals it), so most lines are not tokenized at all.
    public func comments(_ text: String) -> [CodeToken] {
        let style = CommentStyle(language: language)
        let marks = [style.lineComment?.first, style.blockComment?.open.first].compactMap { $0 }
        guard text.utf8.contains(where: marks.contains) else { return [] }
        return tokens(text).filter { $0.kind == .comment }
    }

    static func tokens<Unit>(_ scanner: CodeScanner<Unit>) -> [CodeToken] {
        var scanner = scanner
        var tokens: [CodeToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }
}

/// The comment and string conventions of a language family; its marks are ASCII.
struct CommentStyle: Sendable {
    var lineComment: [UInt8]?
    var blockComment: (open: [UInt8], close: [UInt8])?
    var verbatimStrings = false

    static let markup = CommentStyle(lineComment: nil, blockComment: (Array("<!--".utf8), Array("-->".utf8)))
    static let hash = CommentStyle(lineComment: Array("#".utf8), blockComment: nil)
    static let cFamily = CommentStyle(lineComment: Array("//".utf8), blockComment: (Array("/*".utf8), Array("*/".utf8)))

    init(lineComment: [UInt8]?, blockComment: (open: [UInt8], close: [UInt8])?) {
        self.lineComment = lineComment
        self.blockComment = blockComment
    }

    init(language: String) {
        switch language {
        case "xml", "html", "xaml", "markup": self = .markup
        case "shell", "bash", "sh", "powershell", "yaml", "yml", "python": self = .hash
        default:
            self = .cFamily
            verbatimStrings = language == "csharp" || language == "cs"
        }
    }
}
