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

    /// Whether a token is markup: a tag of an HTML element (`HTMLElements`), a comment or a doctype.
    static func isElement(_ token: Token) -> Bool {
        switch token {
        case .startTag(let name, _, _), .endTag(let name): HTMLElements.isElement(name)
        case .text, .comment: true
        }
    }

    private static let commentOpen = Array("<!--"), commentClose = Array("-->")

    private func tag(at start: Int) -> (Token, Int)? {
        if chars.hasUnits(Self.commentOpen, at: start) {
            return (.comment, (chars.firstIndex(ofUnits: Self.commentClose, from: start + 4) ?? chars.count - 3) + 3)
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
