import DocFXDialect
import CommonMark

/// Reads alerts and platform selectors from block quotes and HTML blocks, the way DocFX renders them.
enum AlertReader {
    private static let kinds: Set<String> = ["note", "tip", "important", "caution", "warning"]

    /// The alert a block quote stands for: `[!NOTE]`, `[AZURE.NOTE]`, optionally `**Label**:` after it.
    static func alert(from quote: MarkdownNode, origin: Origin) -> Alert? {
        let text = quote.children.map(\.plainText).joined(separator: "\n").trimmingSpaces
        guard let match = text.prefixMatch(of: alertMarkerRegex) else { return nil }
        let kind = match.output.kind.lowercased()
        guard kinds.contains(kind) else { return nil }
        var body = String(text[match.range.upperBound...]).trimmingSpaces
        var label: String?
        let firstParagraph = quote.children.first { $0.kind == .paragraph }
        if let strong = firstParagraph?.children.first(where: { $0.kind == .strong }),
            let labelMatch = body.prefixMatch(of: alertLabelRegex), strong.plainText.trimmingSpaces == String(labelMatch.output.label).trimmingSpaces
        {
            label = String(labelMatch.output.label).trimmingSpaces
            body = String(body[labelMatch.range.upperBound...])
        }
        return Alert(kind: kind, label: label, text: body, line: origin.line, origin: origin)
    }

    /// `> [!div class="op_single_selector"]` with its list, or `> [AZURE.SELECTOR]` followed by a list.
    static func selector(from quote: MarkdownNode, next: MarkdownNode?, origin: Origin) -> PlatformSelector? {
        let text = quote.plainText.trimmingSpaces
        if text.hasPrefix("[!div"), text.contains("selector") {
            return PlatformSelector(kind: "op-single-selector", line: origin.line, origin: origin, links: links(in: quote))
        }
        if text.uppercased().hasPrefix("[AZURE.SELECTOR") {
            let inside = links(in: quote)
            let following = next.flatMap { node -> [PlatformSelector.Link]? in
                if case .list(let info) = node.kind, !info.ordered { return links(in: node) }
                return nil
            } ?? []
            return PlatformSelector(kind: "azure-selector", line: origin.line, origin: origin, links: inside + following)
        }
        return nil
    }

    /// `<div class="…selector…">` with `<a href="…">title</a>` links.
    static func selector(fromHTML html: String, origin: Origin) -> PlatformSelector? {
        guard html.contains("<div"), html.contains("selector") else { return nil }
        let links = html.matches(of: htmlLinkRegex).map {
            PlatformSelector.Link(title: String($0.output.title).trimmingSpaces, url: String($0.output.url))
        }
        return PlatformSelector(kind: "html-div", line: origin.line, origin: origin, links: links)
    }

    private static func links(in node: MarkdownNode) -> [PlatformSelector.Link] {
        ([node] + node.descendants).compactMap { child in
            if case .link(let destination, _) = child.kind {
                return PlatformSelector.Link(title: child.plainText.trimmingSpaces, url: destination)
            }
            return nil
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let alertMarkerRegex = /\[(?:!|AZURE\.|WACOM\.)(?<kind>[A-Za-z]+)\]/.ignoresCase()
nonisolated(unsafe) private let alertLabelRegex = /(?<label>[^:\n]{1,40}):\s*/
nonisolated(unsafe) private let htmlLinkRegex = /<a\s[^>]*href="(?<url>[^"]*)"[^>]*>(?<title>[^<]*)<\/a>/
