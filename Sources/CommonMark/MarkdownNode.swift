public import StepwiseDiagnostics

/// One node of a parsed CommonMark document: an immutable Swift value with no tie to C memory.
public struct MarkdownNode: Hashable, Sendable {
    /// What the node is.
    public var kind: Kind
    /// The node's source range, 1-based; `nil` where cmark records none (most inline nodes).
    public var range: SourceRange?
    /// Text content of leaf nodes: text, code, code blocks, HTML.
    public var literal: String
    public var children: [MarkdownNode]

    public init(kind: Kind, range: SourceRange?, literal: String = "", children: [MarkdownNode] = []) {
        self.kind = kind
        self.range = range
        self.literal = literal
        self.children = children
    }

    /// The node types of CommonMark.
    public enum Kind: Hashable, Sendable {
        case document
        case blockQuote
        case list(ListInfo)
        case item
        case codeBlock(info: String)
        case htmlBlock
        case customBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case customInline
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(destination: String, title: String)
        /// A GitHub Flavored Markdown pipe table (`GFMTables`): rows, the first one the header.
        case table(alignments: [TableAlignment])
        case tableRow(isHeader: Bool)
        /// A cell: its children are inlines.
        case tableCell

        /// Whether this kind is a block (as opposed to an inline).
        public var isBlock: Bool {
            switch self {
            case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .customBlock,
                .paragraph, .heading, .thematicBreak, .table, .tableRow, .tableCell:
                true
            default:
                false
            }
        }
    }

    /// How a table column is aligned (its delimiter cell: `:--`, `:-:`, `--:`, `---`).
    public enum TableAlignment: String, Hashable, Sendable, Codable {
        case none = "", left, center, right
    }

    /// Attributes of a list.
    public struct ListInfo: Hashable, Sendable {
        public var ordered: Bool
        /// The first number of an ordered list.
        public var start: Int
        /// Whether items are separated by blank lines.
        public var tight: Bool

        public init(ordered: Bool, start: Int, tight: Bool) {
            self.ordered = ordered
            self.start = start
            self.tight = tight
        }
    }
}
