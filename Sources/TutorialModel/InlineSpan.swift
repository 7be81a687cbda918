import CommonMark

/// A run of a step's instruction with its inline markup: what a renderer needs beyond `Step.text`.
public struct InlineSpan: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case text, code, strong, emphasis, link, html
    }

    public var kind: Kind
    /// The run's plain text (raw HTML for `html`).
    public var text: String
    /// The destination of a link, as written.
    public var destination: String?

    public init(kind: Kind, text: String, destination: String? = nil) {
        self.kind = kind
        self.text = text
        self.destination = destination
    }

    /// The spans of one inline node, flattened (strong inside a link becomes the link).
    static func spans(of node: MarkdownNode) -> [InlineSpan] {
        switch node.kind {
        case .text: [InlineSpan(kind: .text, text: node.literal)]
        case .softBreak, .lineBreak: [InlineSpan(kind: .text, text: " ")]
        case .code: [InlineSpan(kind: .code, text: node.literal)]
        case .htmlInline: [InlineSpan(kind: .html, text: node.literal)]
        case .strong: styled(node, kind: .strong, element: "strong")
        case .emphasis: styled(node, kind: .emphasis, element: "em")
        case .link(let destination, _): [InlineSpan(kind: .link, text: node.plainText, destination: destination)]
        case .image: []
        default: node.children.flatMap(spans(of:))
        }
    }

    /// Bold or emphasized text as one span; when it holds markup of its own (inline HTML such as
    /// `<sub>`, a link, code), as the element's tags around its children's spans, so the markup is
    /// kept rather than shown as text.
    private static func styled(_ node: MarkdownNode, kind: Kind, element: String) -> [InlineSpan] {
        let plain: Set<MarkdownNode.Kind> = [.text, .softBreak, .lineBreak, .strong, .emphasis]
        let descendants = node.descendants
        // A tag that is no HTML element (`*<Enter your endpoint>*`) is a placeholder a writer meant
        // as text: the run stays text then.
        guard descendants.contains(where: { !plain.contains($0.kind) }),
            descendants.allSatisfy({ $0.kind != .htmlInline || isFormattingTag($0.literal) })
        else {
            return [InlineSpan(kind: kind, text: node.plainText)]
        }
        return [InlineSpan(kind: .html, text: "<\(element)>")] + node.children.flatMap(spans(of:)) + [InlineSpan(kind: .html, text: "</\(element)>")]
    }

    /// An opening or closing tag of an inline formatting element (`<sub>`, `</b>`, `<br/>`).
    private static func isFormattingTag(_ html: String) -> Bool {
        guard let match = html.wholeMatch(of: formattingTagRegex) else { return false }
        return formattingElements.contains(match.output.1.lowercased())
    }

    private static let formattingElements: Set<String> = [
        "a", "abbr", "b", "br", "cite", "code", "del", "em", "i", "img", "ins", "kbd", "mark", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "u", "var", "wbr",
    ]
}

nonisolated(unsafe) private let formattingTagRegex = /<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/
