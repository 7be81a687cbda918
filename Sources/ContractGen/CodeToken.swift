/// One lexical token of C# or Objective-C code, with the line it starts on.
public struct CodeToken: Hashable, Sendable {
    /// What a token is, as far as the contract analysis needs to know.
    public enum Kind: String, Hashable, Sendable {
        case identifier, string, number, punctuation, comment, directive
    }

    public var kind: Kind
    /// The token's text; for strings the decoded value, for comments the text after the marker.
    public var text: String
    /// The line in the sample's source file.
    public var line: Int

    public init(_ kind: Kind, _ text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    /// True for an identifier or keyword spelled `name`.
    public func isWord(_ name: String) -> Bool { kind == .identifier && text == name }

    /// True for the punctuation `symbol`.
    public func isSymbol(_ symbol: String) -> Bool { kind == .punctuation && text == symbol }
}
