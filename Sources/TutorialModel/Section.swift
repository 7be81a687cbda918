/// A level-1 or level-2 heading and what follows it up to the next one.
public struct Section: Hashable, Sendable, Codable {
    /// The `<a name>` anchor when present, else a slug of the title.
    public var id: String
    /// The title as displayed (anchors removed; the translation of a bilingual pair).
    public var title: String
    /// The source-language title of a bilingual heading.
    public var sourceTitle: String?
    public var level: Int
    /// The heading's line in `origin.path`.
    public var line: Int
    public var origin: Origin
    /// True for `#Title` written without a space.
    public var headingMissingSpace: Bool
    /// The explicit `<a name>` anchor, if any.
    public var anchor: String?
    public var steps: [Step]
    /// Code samples outside any step.
    public var code: [CodeSample]
    public var alerts: [Alert]
    /// Prose outside steps and alerts: paragraphs and bullet items, in order.
    public var paragraphs: [Paragraph] = []
    /// `<a name>`/`<a id>` anchors written among the section's blocks (not in its heading), in order.
    public var anchors: [String] = []
    /// The tab id when the heading is a DocFX tab (`# [C#](#tab/csharp)`): its title is the tab's label.
    public var tab: String?
}

/// Where a node came from: the file and line (an include file for included content).
public struct Origin: Hashable, Sendable, Codable {
    public var path: String
    public var line: Int
    /// The include's name when the node comes from an include file.
    public var include: String?

    public init(path: String, line: Int, include: String? = nil) {
        self.path = path
        self.line = line
        self.include = include
    }
}
