import TutorialModel

/// A run of inline spans that raw HTML tags enclose (`<b>`, text, `</b>`): found so the run is
/// sanitized as one piece of HTML rather than tag by tag.
enum InlineHTMLRun {
    /// Elements that never have a closing tag.
    static let voidElements: Set<String> = ["br", "img", "hr", "input", "wbr", "meta", "link", "source", "area", "col", "embed", "param", "track"]

    /// For each HTML span that opens an element, the index of the span that closes it: one pass
    /// with a stack per element name, so a paragraph of thousands of unclosed tags stays linear.
    static func closings(in inlines: [InlineSpan]) -> [Int: Int] {
        var open: [String: [Int]] = [:]
        var closing: [Int: Int] = [:]
        for (index, inline) in inlines.enumerated() where inline.kind == .html {
            if let name = openingTag(inline.text) {
                open[name, default: []].append(index)
            } else if let name = closingTag(inline.text), let start = open[name]?.popLast() {
                closing[start] = index
            }
        }
        return closing
    }

    /// The HTML a span stands for inside a run: raw HTML as written, everything else escaped.
    static func html(of inline: InlineSpan, links: LinkResolver, images: FileImages) -> String {
        let text = HTMLEscaping.escape(inline.text)
        switch inline.kind {
        case .html: return inline.text
        case .text: return text
        case .code: return "<code>\(text)</code>"
        case .strong: return "<strong>\(text)</strong>"
        case .emphasis: return "<em>\(text)</em>"
        case .image:
            // As raw `<img>` with its source as written: the run's sanitizer maps it as any `<img>`.
            guard let destination = inline.destination, images.source(destination) != nil else { return "▧ " + text }
            let title = inline.title.map { " title=\"\(HTMLEscaping.escape($0))\"" } ?? ""
            return "<img src=\"\(HTMLEscaping.escape(destination))\" alt=\"\(text)\"\(title)>"
        case .link:
            let shown = inline.children.map { $0.map { html(of: $0, links: links, images: images) }.joined() } ?? text
            guard let link = links.resolve(inline.destination ?? "", text: inline.text), link.broken == nil else { return shown }
            return "<a href=\"\(HTMLEscaping.escape(link.href))\">\(shown)</a>"
        }
    }

    /// The lower-cased element name of an opening tag (`<a href="…">`), not of a void or
    /// self-closing one.
    static func openingTag(_ html: String) -> String? {
        guard html.hasPrefix("<"), html.hasSuffix(">"), !html.hasSuffix("/>") else { return nil }
        let name = html.dropFirst().prefix { $0.isLetter || $0.isNumber }.lowercased()
        guard !name.isEmpty, name.first?.isLetter == true, !voidElements.contains(name) else { return nil }
        return name
    }

    /// The lower-cased element name of a closing tag (`</a>`).
    static func closingTag(_ html: String) -> String? {
        guard html.hasPrefix("</"), html.hasSuffix(">") else { return nil }
        let name = html.dropFirst(2).prefix { $0.isLetter || $0.isNumber }.lowercased()
        return name.isEmpty ? nil : name
    }
}
