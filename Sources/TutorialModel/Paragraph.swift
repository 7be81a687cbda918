import CommonMark

/// A paragraph of prose, or one item of a bullet list, with its inline markup as displayed.
public struct Paragraph: Hashable, Sendable, Codable {
    public var line: Int
    public var origin: Origin
    /// True for an item of a bullet list (or of a numbered list that is not a procedure).
    public var listItem: Bool
    /// The inlines as displayed; for a table, its cells' text row by row (what checks read).
    public var inlines: [InlineSpan]
    /// Set when the block is a pipe table: it is displayed as a table, not as `inlines`.
    public var table: Table?
    /// Set when the block is raw HTML with visible text (an HTML table, a `<pre>`): shown sanitized.
    public var html: String?

    public init(line: Int, origin: Origin, listItem: Bool, inlines: [InlineSpan], table: Table? = nil) {
        self.line = line
        self.origin = origin
        self.listItem = listItem
        self.inlines = inlines
        self.table = table
    }
}

/// A GitHub Flavored Markdown pipe table: each cell is a run of inline markup.
public struct Table: Hashable, Sendable, Codable {
    /// Per column: "", "left", "center" or "right".
    public var alignments: [String]
    public var header: [[InlineSpan]]
    public var rows: [[[InlineSpan]]]

    public init(alignments: [String], header: [[InlineSpan]], rows: [[[InlineSpan]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }

    /// The table read from a `.table` node of the parsed document.
    init?(_ node: MarkdownNode) {
        guard case .table(let alignments) = node.kind else { return nil }
        let cells = node.children.map { row in row.children.map { InlineSpan.spans(of: $0.children) } }
        self.init(alignments: alignments.map(\.rawValue), header: cells.first ?? [], rows: Array(cells.dropFirst()))
    }

    /// The cells' text, a row per line and ` | ` between cells, as inline spans.
    var flattened: [InlineSpan] {
        ([header] + rows).enumerated().flatMap { index, row -> [InlineSpan] in
            let cells = row.enumerated().flatMap { column, cell in (column > 0 ? [InlineSpan(kind: .text, text: " | ")] : []) + cell }
            return (index > 0 ? [InlineSpan(kind: .text, text: " ")] : []) + cells
        }
    }
}
