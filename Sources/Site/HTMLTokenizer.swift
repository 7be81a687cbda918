import CommonMark

/// Splits raw HTML into text, tags and comments, leniently (for the sanitizer).
struct HTMLTokenizer {
    enum Token: Equatable {
        case text(String)
        case startTag(name: String, attributes: [Attribute], selfClosing: Bool)
        case endTag(String)
        case comment
    }

    struct Attribute: Equatable {
        var name: String
        var value: String
    }

    private let chars: [Character]

    init(_ html: String) {
        chars = Array(html)
    }

    func tokens() -> [Token] {
        var tokens: [Token] = []
        var index = 0
        var text = ""
        while index < chars.count {
            if chars[index] == "<", let (token, end) = tag(at: index) {
                if !Self.isElement(token) {
                    // `<groupId>`, `<Add Type="…">`, `<IP address>`: not HTML, so the text a writer
                    // meant to show (XML, a placeholder) is shown as written.
                    text.append(contentsOf: chars[index..<end])
                    index = end
                    continue
                }
                if !text.isEmpty { tokens.append(.text(decodeEntities(text))); text = "" }
                tokens.append(token)
                index = end
            } else {
                text.append(chars[index])
                index += 1
            }
        }
        if !text.isEmpty { tokens.append(.text(decodeEntities(text))) }
        return tokens
    }

    /// Whether a tag names an element of HTML (or SVG and MathML, which the sanitizer drops with
    /// their content); comments, doctypes and CDATA sections count as markup.
    static func isElement(_ token: Token) -> Bool {
        switch token {
        case .startTag(let name, _, _), .endTag(let name): elements.contains(name) || name == "doctype" || name.hasPrefix("[")
        case .text, .comment: true
        }
    }

    /// The elements of the HTML standard, with the obsolete ones browsers still render.
    static let elements: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body",
        "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del",
        "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img",
        "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav",
        "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q",
        "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "span",
        "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th",
        "thead", "time", "title", "tr", "track", "u", "ul", "var", "video", "wbr",
        // Obsolete, still rendered by browsers.
        "acronym", "applet", "basefont", "big", "blink", "center", "dir", "font", "frame", "frameset", "marquee",
        "nobr", "noframes", "plaintext", "rb", "rtc", "strike", "tt", "xmp",
        // Foreign content, dropped with its content.
        "svg", "math",
    ]

    private func tag(at start: Int) -> (Token, Int)? {
        if chars.hasText("<!--", at: start) {
            return (.comment, (chars.firstIndex(ofText: "-->", from: start + 4) ?? chars.count - 3) + 3)
        }
        guard start + 1 < chars.count, chars[start + 1].isLetter || chars[start + 1] == "/" || chars[start + 1] == "!" else { return nil }
        var scanner = AttributeScanner(chars: chars, index: start + 1)
        return scanner.scanTag()
    }

    /// Decodes the named entities and numeric references documents use.
    private func decodeEntities(_ text: String) -> String {
        HTMLEntities.decode(text)
    }
}
