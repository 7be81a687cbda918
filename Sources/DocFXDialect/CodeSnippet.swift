/// Code cut from a file for a reference.
public struct CodeSnippet: Hashable, Sendable, Codable {
    /// The code as shown.
    public var text: String
    /// The file line of each shown line.
    public var lines: [Int]
    /// Shown lines to mark (1-based).
    public var highlight: [Int]

    public init(text: String, lines: [Int], highlight: [Int]) {
        self.text = text
        self.lines = lines
        self.highlight = highlight
    }
}
