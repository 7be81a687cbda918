import CommonMark

/// A paragraph of prose, or a block of a list item, with its inline markup as displayed.
public struct Paragraph: Hashable, Sendable, Codable {
    public var line: Int
    public var origin: Origin
    /// True for a block of an item of a bullet list (or of a numbered list that is not a procedure).
    public var listItem: Bool
    /// Where a list block stands in its list: nesting, numbering, and whether it opens an item.
    public var list: ListPlacement?
    /// The inlines as displayed; for a table, its cells' text row by row (what checks read).
    public var inlines: [InlineSpan]
    /// Set when the block is a pipe table: it is displayed as a table, not as `inlines`.
    public var table: Table?
    /// Set when the block is raw HTML with visible text (an HTML table, a `<pre>`): shown sanitized.
    public var html: String?
    /// Set when the block is a heading inside a quote or a list item (its level, 1–6): not a
    /// section of the document, shown as a heading where it stands.
    public var heading: Int?
    /// Written indented (its first character after column 1) though outside any list: in a damaged
    /// document, the continuation of the list item above that lost its indentation, not a sentence
    /// ending the list.
    public var indented = false
    /// Set (true) for text written before an include directive on the directive's line (an inline
    /// include): read before the included content, where text after a directive is read after it.
    public var beforeInclude: Bool?

    public init(line: Int, origin: Origin, listItem: Bool, inlines: [InlineSpan], table: Table? = nil) {
        self.line = line
        self.origin = origin
        self.listItem = listItem
        self.inlines = inlines
        self.table = table
    }
}

/// A block of a prose list: lists nest, an item holds several blocks (its first opens the item,
/// the others continue it), and a numbered list that is not a procedure keeps its numbers.
public struct ListPlacement: Hashable, Sendable, Codable {
    /// 0 for the outermost list, 1 for a list inside one of its items, …
    public var depth: Int
    public var ordered: Bool
    /// The item's number: its list's start plus its index in an ordered list, its position from 1
    /// in a bullet list.
    public var number: Int
    /// False for the first block of an item; true for a later paragraph, table or HTML block of it.
    public var continuation: Bool

    public init(depth: Int, ordered: Bool, number: Int, continuation: Bool) {
        self.depth = depth
        self.ordered = ordered
        self.number = number
        self.continuation = continuation
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
