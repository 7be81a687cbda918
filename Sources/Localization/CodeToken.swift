/// One lexical token of a code sample.
public struct CodeToken: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case word, number, string, punctuation, comment
    }

    public var kind: Kind
    public var text: String
    /// 0-based line within the sample's text.
    public var line: Int
    /// 1-based column within that line.
    public var column: Int

    public init(kind: Kind, text: String, line: Int, column: Int) {
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column
    }

    /// True for tokens that change what the code does (everything except comments).
    public var isCode: Bool { kind != .comment }

    /// The token as compared: comment text with its whitespace collapsed.
    var comparable: String {
        kind == .comment ? text.split(whereSeparator: \.isWhitespace).joined(separator: " ") : text
    }
}
