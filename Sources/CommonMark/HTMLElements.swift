import StepwiseDiagnostics

/// The elements of HTML, to tell raw HTML a browser reads as markup from tags that are not HTML
/// (`<groupId>`, `<Add Type="…">`, `<IP address>`, `<Optional>`): a writer's XML or placeholder,
/// which pages show as written.
public enum HTMLElements {
    /// The elements of the HTML standard, the obsolete ones browsers still render, and the foreign
    /// elements (SVG, MathML) sanitizers drop with their content.
    public static let names: Set<String> = [
        "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote", "body",
        "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd", "del",
        "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img",
        "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu", "meta", "meter", "nav",
        "noscript", "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q",
        "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small", "source", "span",
        "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea", "tfoot", "th",
        "thead", "time", "title", "tr", "track", "u", "ul", "var", "video", "wbr",
        "acronym", "applet", "basefont", "big", "blink", "center", "dir", "font", "frame", "frameset", "marquee",
        "nobr", "noframes", "plaintext", "rb", "rtc", "strike", "tt", "xmp",
        "svg", "math",
    ]

    /// Whether a tag name (any case) is an element of HTML; doctypes and CDATA sections count as
    /// markup too.
    public static func isElement(_ name: some StringProtocol) -> Bool {
        isLoweredElement(name.lowercased())
    }

    private static func isLoweredElement(_ lowered: String) -> Bool {
        names.contains(lowered) || lowered == "!doctype" || lowered == "doctype" || lowered.hasPrefix("[") || lowered.hasPrefix("![")
    }

    /// Whether a piece of raw HTML (`<b>`, `</groupId>`, `<!-- x -->`) is markup a browser reads: a
    /// comment, a declaration, or a tag of an HTML element. Anything else is text a page shows.
    public static func isMarkup(_ html: some StringProtocol) -> Bool {
        if let verdict = html.utf8.withContiguousStorageIfAvailable(asciiMarkup) ?? nil { return verdict }
        return characterMarkup(html)
    }

    /// `isMarkup` read character by character: the definition `asciiMarkup` shortens.
    static func characterMarkup(_ html: some StringProtocol) -> Bool {
        guard html.hasPrefix("<") else { return false }
        var rest = html.dropFirst()
        if rest.hasPrefix("!") || rest.hasPrefix("?") { return true }
        if rest.hasPrefix("/") { rest = rest.dropFirst() }
        let name = rest.prefix { !$0.isWhitespace && $0 != "/" && $0 != ">" }
        return isElement(name)
    }

    /// `isMarkup` read byte by byte, for a tag whose bytes up to its name's end and the byte after
    /// that are ASCII: each of those bytes is then a character of its own (no combining mark joins
    /// it), so the bytes give the characters' answer. Nil for any other text (`<é`, `<b\u{301}>`).
    static func asciiMarkup(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first, first == UInt8(ascii: "<") else { return false }
        /// True when the byte at `offset`, if any, is ASCII.
        func ascii(at offset: Int) -> Bool { offset >= bytes.count || bytes[offset] < 0x80 }
        var start = 1
        if start < bytes.count, bytes[start] == UInt8(ascii: "!") || bytes[start] == UInt8(ascii: "?") {
            return ascii(at: start + 1) ? true : nil
        }
        if start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte >= 0x80 { return nil }
            if byte.isASCIIWhitespace || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") { break }
            end += 1
        }
        guard ascii(at: end + 1) else { return nil }
        return isLoweredElement(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self).fastLowercased())
    }
}
