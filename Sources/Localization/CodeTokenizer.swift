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

    public func tokens(_ text: String) -> [CodeToken] {
        var scanner = CodeScanner(characters: Array(text), style: CommentStyle(language: language))
        var tokens: [CodeToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }
}

/// The comment and string conventions of a language family.
struct CommentStyle: Sendable {
    var lineComment: [Character]?
    var blockComment: (open: [Character], close: [Character])?
    var verbatimStrings: Bool

    init(language: String) {
        switch language {
        case "xml", "html", "xaml", "markup":
            lineComment = nil
            blockComment = (Array("<!--"), Array("-->"))
            verbatimStrings = false
        case "shell", "bash", "sh", "powershell", "yaml", "yml", "python":
            lineComment = ["#"]
            blockComment = nil
            verbatimStrings = false
        default:
            lineComment = ["/", "/"]
            blockComment = (["/", "*"], ["*", "/"])
            verbatimStrings = language == "csharp" || language == "cs"
        }
    }
}
