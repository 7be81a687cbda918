import CommonMark

/// A paragraph of prose, or one item of a bullet list, with its inline markup as displayed.
public struct Paragraph: Hashable, Sendable, Codable {
    public var line: Int
    public var origin: Origin
    /// True for an item of a bullet list (or of a numbered list that is not a procedure).
    public var listItem: Bool
    public var inlines: [InlineSpan]

    public init(line: Int, origin: Origin, listItem: Bool, inlines: [InlineSpan]) {
        self.line = line
        self.origin = origin
        self.listItem = listItem
        self.inlines = inlines
    }
}
