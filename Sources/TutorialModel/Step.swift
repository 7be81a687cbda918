/// One step of a procedure: a top-level item of a numbered list.
public struct Step: Hashable, Sendable, Codable {
    /// The step's identity within its document: its section's id and its ordinal (`configure/3`).
    public var id: String = ""
    /// Continuous number within the section, from 1.
    public var ordinal: Int
    /// The number written in the source (may restart or repeat).
    public var shownNumber: Int
    public var line: Int
    /// The step's last line in `origin.path`: its item, and what is written after it (code, alerts,
    /// includes, indented sentences) up to the next step, heading or sentence at the margin.
    public var endLine = 0
    public var origin: Origin
    /// The step's instruction as displayed.
    public var text: String
    /// The instruction with its inline markup (code, strong, emphasis, links, raw HTML), as displayed.
    public var inlines: [InlineSpan] = []
    /// The source-language instruction of a bilingual step.
    public var sourceText: String?
    /// Terms the instruction sets in code or bold (`RegisterController`, **ViewDidLoad**): names that
    /// stay the same in every language.
    public var terms: [String]
    public var code: [CodeSample]
    public var alerts: [Alert]
    /// Prose after the instruction inside the step: paragraphs and bullet items, in order.
    public var details: [Paragraph] = []
}

extension Step {
    /// True when `line` (of the step's file) is one of the step's lines.
    public func holds(_ line: Int) -> Bool {
        self.line <= line && line <= endLine
    }
}
