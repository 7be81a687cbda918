import DocFXDialect
import CommonMark

/// Reads alerts and platform selectors from block quotes and HTML blocks, the way DocFX renders them.
enum AlertReader {
    private static let kinds: Set<String> = ["note", "tip", "important", "caution", "warning"]

    /// The alerts a block quote stands for: `[!NOTE]`, `[AZURE.NOTE]`, optionally `**Label**:` after
    /// it. A quote whose paragraphs start with several markers holds several alerts. `prose` reads
    /// an alert's blocks for display.
    /// A platform selector's quote may go on with alerts after its links.
    static func alerts(from quote: MarkdownNode, origin: Origin, prose: ([MarkdownNode]) -> [Paragraph]) -> [Alert] {
        var groups: [[MarkdownNode]] = []
        let selector = isSelector(quote)
        for child in quote.children {
            if isAlertMarker(child, alertKind: selector) {
                groups.append([child])
            } else if !groups.isEmpty {
                groups[groups.count - 1].append(child)
            } else if selector {
                continue
            } else {
                return block(quote, origin: origin, prose: prose).map { [$0] } ?? []
            }
        }
        return groups.compactMap { group in
            let line = group.first?.range?.start.line ?? origin.line
            var groupOrigin = origin
            groupOrigin.line = line
            var alert = alert(group, origin: groupOrigin, prose: prose)
            alert?.endLine = group.last?.range?.end.line
            return alert
        }
    }

    /// A quote that is not an alert, kept with its content: a DocFX `[!div class="checklist"]`
    /// (`checklist`), `[!div class="nextstepaction"]` (`nextstepaction`), another `[!div]` (`div`,
    /// its class as label), or a plain quotation (`quote`). Selectors are read elsewhere.
    private static func block(_ quote: MarkdownNode, origin: Origin, prose: ([MarkdownNode]) -> [Paragraph]) -> Alert? {
        guard !isSelector(quote) else { return nil }
        let text = quote.plainText.trimmingSpaces
        var shown = prose(unquoted(quote.children))
        let kind: String
        var label: String?
        if let div = text.prefixMatch(of: divRegex) {
            let classes = String(div.output.classes).lowercased()
            kind = classes.contains("checklist") ? "checklist" : classes.contains("nextstepaction") ? "nextstepaction" : "div"
            label = kind == "div" ? classes : nil
            shown = strippingLead(shown) { inlines in
                dropCharacters(inlines.map(\.text).joined().prefixMatch(of: divRegex).map { $0.output.0.count } ?? 0, from: inlines)
            }
        } else {
            kind = "quote"
        }
        guard !shown.isEmpty else { return nil }
        return Alert(kind: kind, label: label, text: shown.map { $0.inlines.map(\.text).joined() }.joined(separator: "\n"),
                     line: origin.line, endLine: quote.range?.end.line, origin: origin, blocks: shown)
    }

    private static func alert(_ blocks: [MarkdownNode], origin: Origin, prose: ([MarkdownNode]) -> [Paragraph]) -> Alert? {
        let text = blocks.map(\.plainText).joined(separator: "\n").trimmingSpaces
        guard let marker = AlertMarker.prefix(of: text) else { return nil }
        let kind = marker.kind.lowercased()
        guard kinds.contains(kind) else { return nil }
        var body = String(text[marker.end...]).trimmingSpaces
        var label: String?
        let firstParagraph = blocks.first { $0.kind == .paragraph }
        if let strong = firstParagraph?.children.first(where: { $0.kind == .strong }),
            let labelMatch = body.prefixMatch(of: alertLabelRegex), strong.plainText.trimmingSpaces == String(labelMatch.output.label).trimmingSpaces
        {
            label = String(labelMatch.output.label).trimmingSpaces
            body = String(body[labelMatch.range.upperBound...])
        }
        let shown = strippingLead(prose(unquoted(blocks))) { withoutMarker($0, label: label != nil) }
        return Alert(kind: kind, label: label, text: body, line: origin.line, origin: origin, blocks: shown)
    }

    /// `blocks` with the first one's inlines passed through `strip` (a marker removed), and dropped
    /// when nothing is left of it.
    private static func strippingLead(_ blocks: [Paragraph], _ strip: ([InlineSpan]) -> [InlineSpan]) -> [Paragraph] {
        guard var first = blocks.first else { return blocks }
        first.inlines = strip(first.inlines)
        let rest = blocks.dropFirst()
        return first.inlines.allSatisfy({ $0.text.trimmingSpaces.isEmpty }) ? Array(rest) : [first] + rest
    }

    /// The inlines of an alert's first paragraph without `[!NOTE]` (and `**Label**:` when there is one).
    static func withoutMarker(_ inlines: [InlineSpan], label: Bool) -> [InlineSpan] {
        let joined = inlines.map(\.text).joined()
        guard let marker = AlertMarker.prefix(of: joined, blanks: true) else { return inlines }
        var count = joined.distance(from: joined.startIndex, to: marker.end)
        if label {
            let rest = joined[marker.end...]
            if let labelMatch = rest.prefixMatch(of: alertLabelRegex) {
                count += rest.distance(from: rest.startIndex, to: labelMatch.range.upperBound)
            }
        }
        return dropCharacters(count, from: inlines)
    }

    /// `inlines` without their first `count` characters (spans consumed whole are removed).
    private static func dropCharacters(_ count: Int, from inlines: [InlineSpan]) -> [InlineSpan] {
        var remaining = count
        var result: [InlineSpan] = []
        for var inline in inlines {
            if remaining >= inline.text.count {
                remaining -= inline.text.count
                continue
            }
            if remaining > 0 {
                inline.text = String(inline.text.dropFirst(remaining))
                remaining = 0
            }
            result.append(inline)
        }
        if var first = result.first, first.kind == .text {
            first.text = String(first.text.drop { $0 == " " || $0 == "\t" })
            result[0] = first
        }
        return result
    }

    /// `blocks` with the blocks of a quote nested in them in its place (`> > …` in a note): their
    /// text is the note's.
    private static func unquoted(_ blocks: [MarkdownNode]) -> [MarkdownNode] {
        blocks.flatMap { $0.kind == .blockQuote ? unquoted($0.children) : [$0] }
    }

    /// A paragraph that opens with a marker (`[!NOTE]`, `[AZURE.TIP]`…): of an alert's kind only with `alertKind`.
    private static func isAlertMarker(_ node: MarkdownNode, alertKind: Bool = false) -> Bool {
        guard node.kind == .paragraph, let marker = AlertMarker.prefix(of: node.plainText.trimmingSpaces) else { return false }
        return !alertKind || kinds.contains(marker.kind.lowercased())
    }

    /// Whether a quote is a platform selector: `> [!div class="op_single_selector"]` or `> [AZURE.SELECTOR]`.
    static func isSelector(_ quote: MarkdownNode) -> Bool {
        guard quote.kind == .blockQuote else { return false }
        let text = quote.plainText.trimmingSpaces
        return (text.hasPrefix("[!div") && text.contains("selector")) || opensWithAzureSelector(text)
    }

    /// Whether `text.uppercased()` starts with `[AZURE.SELECTOR`, without upper-casing the whole of
    /// a long quote (every quote is asked). When the text's first 16 bytes are ASCII, its first 15
    /// characters are its first 15 bytes (only CR LF joins two ASCII bytes into one character, and a
    /// CR is no byte of the marker), the 16th byte is a character of its own, and upper-casing them
    /// is upper-casing those bytes; any other text is upper-cased as before.
    static func opensWithAzureSelector(_ text: String) -> Bool {
        let marker = azureSelectorMarker.utf8
        let head = text.utf8.prefix(marker.count + 1)
        guard head.count > marker.count, head.allSatisfy({ $0 < 0x80 }) else {
            return text.uppercased().hasPrefix(azureSelectorMarker)
        }
        return zip(head, marker).allSatisfy { byte, expected in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 0x20 : byte) == expected
        }
    }

    private static let azureSelectorMarker = "[AZURE.SELECTOR"

    /// Whether `list` is the list of links an `[AZURE.SELECTOR]` quote just before it owns: it is
    /// part of the selector, shown once as such, not again as prose.
    static func isSelectorList(_ list: MarkdownNode, after quote: MarkdownNode) -> Bool {
        guard case .list(let info) = list.kind, !info.ordered, isSelector(quote) else { return false }
        return opensWithAzureSelector(quote.plainText.trimmingSpaces)
    }

    /// `> [!div class="op_single_selector"]` with its list, or `> [AZURE.SELECTOR]` followed by a list.
    static func selector(from quote: MarkdownNode, next: MarkdownNode?, origin: Origin) -> PlatformSelector? {
        guard isSelector(quote) else { return nil }
        // The links before an alert the quote goes on with.
        var found = quote.children.prefix { !isAlertMarker($0, alertKind: true) }.flatMap(links(in:))
        if let next, isSelectorList(next, after: quote) { found += links(in: next) }
        let kind = quote.plainText.trimmingSpaces.hasPrefix("[!div") ? "op-single-selector" : "azure-selector"
        return PlatformSelector(kind: kind, line: origin.line, origin: origin, links: found)
    }

    /// `<div class="…selector…">` with `<a href="…">title</a>` links.
    static func selector(fromHTML html: String, origin: Origin) -> PlatformSelector? {
        guard html.contains("<div"), html.contains("selector") else { return nil }
        let links = html.matches(of: htmlLinkRegex).map {
            PlatformSelector.Link(title: String($0.output.title).trimmingSpaces, url: String($0.output.url))
        }
        return PlatformSelector(kind: "html-div", line: origin.line, origin: origin, links: links)
    }

    /// The selector's links; an item of its list with no link (`[Python] (../python.md)`, a space
    /// too many) is its text, with no address, so the selector still shows every entry.
    private static func links(in node: MarkdownNode) -> [PlatformSelector.Link] {
        func link(_ child: MarkdownNode) -> PlatformSelector.Link? {
            guard case .link(let destination, _) = child.kind else { return nil }
            return PlatformSelector.Link(title: child.plainText.trimmingSpaces, url: destination)
        }
        if node.kind == .item {
            let found = ([node] + node.descendants).compactMap(link)
            let text = node.plainText.trimmingSpaces
            return found.isEmpty && !text.isEmpty ? [PlatformSelector.Link(title: text, url: "")] : found
        }
        if let found = link(node) { return [found] }
        return node.children.flatMap(links(in:))
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let divRegex = /\s*\[!div\s+class\s*=\s*["“”']?(?<classes>[^"“”'\]]*)["“”']?\s*\]\s*/.ignoresCase()
nonisolated(unsafe) private let alertLabelRegex = /(?<label>[^:\n]{1,40}):\s*/
nonisolated(unsafe) private let htmlLinkRegex = /<a\s[^>]*href="(?<url>[^"]*)"[^>]*>(?<title>[^<]*)<\/a>/
