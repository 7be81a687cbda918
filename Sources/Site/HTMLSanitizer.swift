/// An allowlist sanitizer for raw HTML found in documents.
///
/// Keeps a few inline and list elements with safe attributes; drops `script`, `style`, `iframe` and
/// similar elements with their content, every other tag (keeping its text), event-handler and
/// unknown attributes, and URLs other than http(s), mailto, fragments and relative paths.
/// Everything it emits is re-serialized and escaped, so the output is well-formed. `<img>` is kept
/// with a safe `src` (http(s), or a relative path the caller maps to the site's copy), `alt`,
/// `title` and a numeric size, loaded lazily; an image that cannot be shown leaves its alt text.
public struct HTMLSanitizer: Sendable {
    /// Where an `<img src>` is shown from: the site's copy of a local file, with its size.
    public typealias ImageSource = (src: String, width: Int?, height: Int?)

    static let allowedElements: Set<String> = [
        "a", "abbr", "b", "br", "code", "em", "i", "kbd", "li", "ol", "p", "s", "samp", "small", "span",
        "strong", "sub", "sup", "u", "ul", "var",
        // Block elements of HTML blocks in documents (HTML tables, preformatted text, definitions).
        "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "pre", "blockquote", "dl", "dt", "dd",
    ]
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "template", "noscript", "textarea", "svg", "math",
        "frame", "frameset", "applet", "select", "title",
    ]
    static let allowedAttributes: [String: Set<String>] = [
        "a": ["href", "title"], "abbr": ["title"], "th": ["colspan", "rowspan"], "td": ["colspan", "rowspan"],
    ]
    static let globalAttributes: Set<String> = ["lang", "dir"]

    public init() {}

    /// The sanitized, well-formed HTML of `html`. An `<img>` that cannot be shown stands as
    /// `missing(alt)`: trusted HTML (the page's placeholder), by default the alt text after a `▧`.
    public func sanitize(
        _ html: String, images: (String) -> ImageSource? = { _ in nil },
        missing: (String) -> String = { "▧ " + HTMLEscaping.escape($0) }
    ) -> String {
        var writer = SanitizedWriter()
        var dropping: String?
        for token in HTMLTokenizer(html).tokens() {
            if let element = dropping {
                if case .endTag(let name) = token, name == element { dropping = nil }
                continue
            }
            switch token {
            case .text(let text): writer.text(text)
            case .startTag(let name, _, _) where Self.droppedWithContent.contains(name): dropping = name
            case .startTag("img", let attributes, _): image(attributes, images: images, missing: missing, into: &writer)
            case .startTag(let name, let attributes, let selfClosing):
                guard Self.allowedElements.contains(name) else { break }
                let kept = safe(attributes, of: name)
                // A link left without an address (an anchor `<a name>`: the page gives its id elsewhere) is its text alone.
                if name == "a", kept.isEmpty { break }
                writer.open(name, attributes: kept, void: selfClosing || name == "br")
            // `</br>` is a line break, as browsers read it (the HTML parsing rules), not a stray end tag.
            case .endTag("br"): writer.open("br", attributes: [], void: true)
            case .endTag(let name): writer.close(name)
            case .comment: break
            }
        }
        return writer.finish()
    }

    /// An `<img>` with its source mapped by `images` (or an http(s) URL kept), else its alt text.
    private func image(_ attributes: [HTMLTokenizer.Attribute], images: (String) -> ImageSource?, missing: (String) -> String, into writer: inout SanitizedWriter) {
        func value(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
        let alt = value("alt") ?? ""
        guard let src = value("src"), !src.isEmpty, Self.isSafeURL(src),
            let found = images(src) ?? (PageImages.isExternal(src) ? (src, nil, nil) : nil)
        else {
            if !alt.isEmpty { writer.trusted(missing(alt)) }
            return
        }
        func size(_ name: String) -> String? { value(name).flatMap(Int.init).flatMap { (1...100_000).contains($0) ? String($0) : nil } }
        var kept: [(String, String)] = [("src", found.src), ("alt", alt)]
        if let title = value("title") { kept.append(("title", title)) }
        if let width = size("width") ?? found.width.map(String.init), let height = size("height") ?? found.height.map(String.init) {
            kept += [("width", width), ("height", height)]
        }
        kept += [("loading", "lazy"), ("decoding", "async")]
        writer.open("img", attributes: kept, void: true)
    }

    private func safe(_ attributes: [HTMLTokenizer.Attribute], of element: String) -> [(String, String)] {
        let allowed = Self.globalAttributes.union(Self.allowedAttributes[element] ?? [])
        return attributes.filter { attribute in
            guard allowed.contains(attribute.name) else { return false }
            switch attribute.name {
            case "href": return Self.isSafeURL(attribute.value)
            case "colspan", "rowspan": return Int(attribute.value).map { (1...1000).contains($0) } ?? false
            default: return true
            }
        }.map { ($0.name, $0.value) }
    }

    /// Whether a URL is http(s), mailto, a fragment or a relative path: its scheme, read without
    /// controls and spaces (`java\tscript:` is `javascript:`) and lower-cased, is one of those or none.
    public static func isSafeURL(_ url: String) -> Bool {
        let bytes = url.utf8
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
        // The first byte after the colon that is neither a control nor a space.
        let after = bytes[bytes.index(after: colon)...].firstIndex { $0 > 0x20 } ?? bytes.endIndex
        // ASCII up to the colon, and no combining mark after it: the scheme is those bytes (bar
        // controls and spaces) lower-cased, as the general route below reads it.
        if bytes[..<colon].allSatisfy({ $0 < 0x80 }), after == bytes.endIndex || bytes[after] < 0x80 {
            var scheme: [UInt8] = []
            for byte in bytes[..<colon] where byte > 0x20 {
                if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return true }
                scheme.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
            return Self.safeSchemes.contains(scheme)
        }
        return isSafeURLByCharacters(url)
    }

    private static let safeSchemes: Set<[UInt8]> = [Array("http".utf8), Array("https".utf8), Array("mailto".utf8)]

    /// `isSafeURL` read character by character, for any text.
    static func isSafeURLByCharacters(_ url: String) -> Bool {
        let compact = url.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init).map(String.init).joined().lowercased()
        guard let colon = compact.firstIndex(of: ":") else { return true }
        let scheme = compact[..<colon]
        if scheme.contains(where: { "/?#".contains($0) }) { return true }
        return ["http", "https", "mailto"].contains(scheme)
    }
}
