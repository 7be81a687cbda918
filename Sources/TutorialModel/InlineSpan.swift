import CommonMark
import DocFXDialect

/// A run of a step's instruction with its inline markup: what a renderer needs beyond `Step.text`.
/// Most spans are text: what only links and images have is stored apart (`Target`), so that a span
/// takes half the room in the arrays every paragraph, step and table cell of a model holds.
public struct InlineSpan: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case text, code, strong, emphasis, link, html, image
    }

    public var kind: Kind
    /// The run's plain text (raw HTML for `html`, the alt text for `image`).
    public var text: String
    /// A link's or image's destination, title and children; nil when it has none of them.
    private var target: Target?

    /// The destination of a link or image, as written (nil for an image whose reference is undefined).
    public var destination: String? {
        get { target?.destination }
        set { target = Target(destination: newValue, title: title, children: children) }
    }
    /// An image's title.
    public var title: String? {
        get { target?.title }
        set { target = Target(destination: destination, title: newValue, children: children) }
    }
    /// What a link shows when it holds images (`[![alt](a.png)](https://…)`): its spans.
    public var children: [InlineSpan]? {
        get { target?.children }
        set { target = Target(destination: destination, title: title, children: newValue) }
    }

    public init(kind: Kind, text: String, destination: String? = nil) {
        self.kind = kind
        self.text = text
        self.destination = destination
    }

    /// What only links and images have, shared by the copies of a span (never changed: a span given
    /// another value gets another `Target`).
    private final class Target: Sendable {
        let destination: String?
        let title: String?
        let children: [InlineSpan]?

        /// A target holding the given values; nil when all of them are nil.
        init?(destination: String?, title: String?, children: [InlineSpan]?) {
            guard destination != nil || title != nil || children != nil else { return nil }
            self.destination = destination
            self.title = title
            self.children = children
        }
    }

    /// The spans of a run of inline nodes, with the images only the dialect knows (DocFX
    /// `:::image:::`, a reference without definition) read out of their text.
    static func spans(of nodes: [MarkdownNode]) -> [InlineSpan] {
        var spans: [InlineSpan] = []
        for index in nodes.indices { appendSpans(of: nodes[index], to: &spans) }
        return DialectImages.split(spans)
    }

    /// Appends the spans of one inline node to `spans`, flattened (strong inside a link becomes the
    /// link): one array for a paragraph, not one per node.
    private static func appendSpans(of node: MarkdownNode, to spans: inout [InlineSpan]) {
        switch node.kind {
        case .text: spans.append(InlineSpan(kind: .text, text: node.literal))
        case .softBreak, .lineBreak: spans.append(InlineSpan(kind: .text, text: " "))
        case .code: spans.append(InlineSpan(kind: .code, text: node.literal))
        case .htmlInline: spans.append(InlineSpan(kind: .html, text: node.literal))
        case .strong: appendStyled(node, kind: .strong, element: "strong", to: &spans)
        case .emphasis: appendStyled(node, kind: .emphasis, element: "em", to: &spans)
        case .link(let destination, _):
            spans.append(link(node, destination: destination))
        case .image(let destination, let title):
            spans.append(image(alt: node.plainText, destination: destination, title: title))
        default:
            for index in node.children.indices { appendSpans(of: node.children[index], to: &spans) }
        }
    }

    /// Bold or emphasized text as one span; when it holds markup of its own (inline HTML such as
    /// `<sub>`, a link, code), as the element's tags around its children's spans, so the markup is
    /// kept rather than shown as text.
    private static func appendStyled(_ node: MarkdownNode, kind: Kind, element: String, to spans: inout [InlineSpan]) {
        var markup = StyledMarkup()
        for index in node.children.indices { markup.read(node.children[index]) }
        // A tag that is no HTML element (`*<Enter your endpoint>*`) is a placeholder a writer meant
        // as text: the run stays text then.
        guard markup.holdsMarkup, !markup.holdsOtherTag else {
            spans.append(InlineSpan(kind: kind, text: node.plainText))
            return
        }
        spans.append(InlineSpan(kind: .html, text: "<\(element)>"))
        for index in node.children.indices { appendSpans(of: node.children[index], to: &spans) }
        spans.append(InlineSpan(kind: .html, text: "</\(element)>"))
    }

    /// What the nodes below a bold or emphasized run hold, read in place.
    struct StyledMarkup {
        /// A node that is not text, a break or more bold or emphasis.
        var holdsMarkup = false
        /// Inline HTML that is not a formatting element's tag.
        var holdsOtherTag = false

        mutating func read(_ node: MarkdownNode) {
            switch node.kind {
            case .text, .softBreak, .lineBreak, .strong, .emphasis: break
            case .htmlInline:
                holdsMarkup = true
                if !holdsOtherTag, !InlineSpan.isFormattingTag(node.literal) { holdsOtherTag = true }
            default: holdsMarkup = true
            }
            for index in node.children.indices { read(node.children[index]) }
        }
    }

    /// An opening or closing tag of an inline formatting element (`<sub>`, `</b>`, `<br/>`).
    static func isFormattingTag(_ html: String) -> Bool {
        guard let match = html.wholeMatch(of: formattingTagRegex) else { return false }
        return formattingElements.contains(match.output.1.lowercased())
    }

    private static let formattingElements: Set<String> = [
        "a", "abbr", "b", "br", "cite", "code", "del", "em", "i", "img", "ins", "kbd", "mark", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "u", "var", "wbr",
    ]

    static func image(alt: String, destination: String?, title: String?) -> InlineSpan {
        var span = InlineSpan(kind: .image, text: alt, destination: destination)
        span.title = title.flatMap { $0.isEmpty ? nil : $0 }
        return span
    }

    private static func link(_ node: MarkdownNode, destination: String) -> InlineSpan {
        var span = InlineSpan(kind: .link, text: node.plainText, destination: destination)
        if node.containsImage { span.children = spans(of: node.children) }
        return span
    }
}


/// The span's values, as when they were stored properties: equality, hashing and the JSON keys
/// (`kind`, `text`, then `destination`, `title` and `children` when present) do not depend on how
/// the span stores them.
extension InlineSpan {
    private enum CodingKeys: String, CodingKey { case kind, text, destination, title, children }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        text = try container.decode(String.self, forKey: .text)
        target = Target(
            destination: try container.decodeIfPresent(String.self, forKey: .destination),
            title: try container.decodeIfPresent(String.self, forKey: .title),
            children: try container.decodeIfPresent([InlineSpan].self, forKey: .children))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(destination, forKey: .destination)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(children, forKey: .children)
    }

    public static func == (lhs: InlineSpan, rhs: InlineSpan) -> Bool {
        lhs.kind == rhs.kind && lhs.text == rhs.text && lhs.destination == rhs.destination && lhs.title == rhs.title
            && lhs.children == rhs.children
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(text)
        hasher.combine(destination)
        hasher.combine(title)
        hasher.combine(children)
    }
}

extension MarkdownNode {
    /// True when an image is among the node's descendants.
    fileprivate var containsImage: Bool {
        children.contains { if case .image = $0.kind { true } else { $0.containsImage } }
    }
}

/// Images cmark leaves as text: DocFX `:::image …:::` (its `:::image-end:::` dropped) and
/// references without a definition (`![alt][label]`), shown as images (or their placeholder).
enum DialectImages {
    static func split(_ spans: [InlineSpan]) -> [InlineSpan] {
        guard spans.contains(where: { $0.kind == .text && ($0.text.contains(":::") || $0.text.contains("![")) }) else { return spans }
        var result: [InlineSpan] = []
        for span in merged(spans) {
            guard span.kind == .text else {
                result.append(span)
                continue
            }
            result += split(text: span.text)
        }
        return result
    }

    /// Adjacent text spans joined (cmark splits text at `!`, `[` and `]`).
    private static func merged(_ spans: [InlineSpan]) -> [InlineSpan] {
        var result: [InlineSpan] = []
        for span in spans {
            if span.kind == .text, let last = result.last, last.kind == .text {
                result[result.count - 1].text += span.text
            } else {
                result.append(span)
            }
        }
        return result
    }

    private static func split(text: String) -> [InlineSpan] {
        var result: [InlineSpan] = []
        var rest = Substring(text)
        while let match = rest.firstMatch(of: dialectImageRegex) {
            let before = rest[..<match.range.lowerBound]
            if !before.isEmpty { result.append(InlineSpan(kind: .text, text: String(before))) }
            if let attributes = match.output.attributes {
                if let image = ImageReference.docfx(String(attributes), line: 0, column: 0) {
                    result.append(InlineSpan.image(alt: image.alt, destination: image.destination, title: nil))
                }
            } else if let alt = match.output.alt {
                result.append(InlineSpan.image(alt: String(alt), destination: nil, title: nil))
            }
            rest = rest[match.range.upperBound...]
        }
        if !rest.isEmpty { result.append(InlineSpan(kind: .text, text: String(rest))) }
        return result
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let dialectImageRegex =
    /:::image\s+(?<attributes>[^:]*(?::(?!::)[^:]*)*):::|:::image-end:::|!\[(?<alt>[^\]]*)\]\[[^\]]*\]/
nonisolated(unsafe) private let formattingTagRegex = /<\/?([A-Za-z][A-Za-z0-9]*)(?:\s[^<>]*)?\/?>/
