/// Scans XML (and HTML-like markup): tags, attributes, values, comments and text; by characters or
/// (text whose characters are single scalars) by scalars: the same tokens either way.
struct MarkupTokenizer<Unit: HighlightUnit> {
    private let chars: [Unit]
    /// The code, and where each of its units starts in it, then its end: a token's text is copied
    /// from the code at once.
    private let code: String
    private let starts: [String.Index]
    private var index = 0
    private var output: [HighlightToken] = []
    /// Where the run of plain text not yet written starts: written as one text when a token comes.
    private var plainStart: Int?

    init(_ code: String) {
        self.code = code
        (chars, starts) = Unit.split(code)
        (tagOpenerMask, tagNameMask, attributeNameMask) = (ASCIIMask(tagOpeners), ASCIIMask(tagNameParts), ASCIIMask(attributeNameParts))
    }

    func tokens() -> [HighlightToken] {
        var scanner = self
        while scanner.index < scanner.chars.count { scanner.step() }
        scanner.writePlainRun()
        return scanner.output
    }

    /// A comment's delimiters as units.
    private let commentOpen: [Unit] = Unit.split("<!--").units, commentClose: [Unit] = Unit.split("-->").units
    /// What may follow `<` to open a tag besides a name, and what a tag or attribute name holds
    /// besides letters and digits, with their ASCII masks.
    private let tagOpeners: Set<Character> = ["/", "?", "!"], tagNameParts: Set<Character> = ["/", "?", "!", ":", "-", "_", "."]
    private let attributeNameParts: Set<Character> = [":", "-", "_", "."]
    private let tagOpenerMask: ASCIIMask, tagNameMask: ASCIIMask, attributeNameMask: ASCIIMask

    private mutating func step() {
        if chars.hasUnits(commentOpen, at: index) {
            emit(.comment, upTo: chars.firstIndex(ofUnits: commentClose, from: index).map { $0 + 3 } ?? chars.count)
        } else if chars[index] == "<", index + 1 < chars.count, isNameStart(chars[index + 1]) || chars[index + 1].isIn(tagOpeners, mask: tagOpenerMask) {
            scanTag()
        } else {
            if plainStart == nil { plainStart = index }
            index += 1
        }
    }

    private mutating func scanTag() {
        emit(.tag, upTo: scan(from: index + 1) { isNameStart($0) || $0.isNumberASCIIFirst || $0.isIn(tagNameParts, mask: tagNameMask) })
        while index < chars.count, chars[index] != ">" {
            let char = chars[index]
            if char == "\"" || char == "'" {
                emit(.string, upTo: (scan(from: index + 1) { $0 != char }) + 1)
            } else if isNameStart(char) {
                emit(.attribute, upTo: scan(from: index) { isNameStart($0) || $0.isNumberASCIIFirst || $0.isIn(attributeNameParts, mask: attributeNameMask) })
            } else if char == "/" || char == "?" {
                emit(.tag, upTo: index + 1)
            } else {
                emit(.plain, upTo: index + 1)
            }
        }
        if index < chars.count { emit(.tag, upTo: index + 1) }
    }

    /// Writes the pending run of plain text, up to `index`.
    private mutating func writePlainRun() {
        guard let start = plainStart else { return }
        output.append(.plain, String(code[starts[start]..<starts[index]]))
        plainStart = nil
    }

    private mutating func emit(_ kind: HighlightToken.Kind, upTo end: Int) {
        writePlainRun()
        let end = min(end, chars.count)
        output.append(kind, String(code[starts[index]..<starts[end]]))
        index = end
    }

    private func isNameStart(_ char: Unit) -> Bool { char.isLetterASCIIFirst || char == "_" }

    private func scan(from start: Int, while test: (Unit) -> Bool) -> Int {
        var end = start
        while end < chars.count, test(chars[end]) { end += 1 }
        return end
    }
}
