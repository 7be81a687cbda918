/// An HTML comment block (`<!-- … -->`) removed from the text before parsing.
public struct HTMLComment: Hashable, Sendable, Codable {
    /// The comment's text between `<!--` and `-->`, trimmed.
    public var text: String
    public var firstLine: Int
    public var lastLine: Int

    public init(text: String, firstLine: Int, lastLine: Int) {
        self.text = text
        self.firstLine = firstLine
        self.lastLine = lastLine
    }
}
