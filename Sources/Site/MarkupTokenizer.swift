/// Scans XML (and HTML-like markup): tags, attributes, values, comments and text.
struct MarkupTokenizer {
    private let chars: [Character]
    private var index = 0
    private var output: [HighlightToken] = []

    init(_ chars: [Character]) {
        self.chars = chars
    }

    func tokens() -> [HighlightToken] {
        var scanner = self
        while scanner.index < scanner.chars.count { scanner.step() }
        return scanner.output
    }

    private mutating func step() {
        if starts(with: "<!--") {
            emit(.comment, upTo: find("-->").map { $0 + 3 } ?? chars.count)
        } else if chars[index] == "<", index + 1 < chars.count, isNameStart(chars[index + 1]) || "/?!".contains(chars[index + 1]) {
            scanTag()
        } else {
            emit(.plain, upTo: index + 1)
        }
    }

    private mutating func scanTag() {
        emit(.tag, upTo: scan(from: index + 1) { isNameStart($0) || $0.isNumberASCIIFirst || "/?!:-_.".contains($0) })
        while index < chars.count, chars[index] != ">" {
            let char = chars[index]
            if char == "\"" || char == "'" {
                emit(.string, upTo: (scan(from: index + 1) { $0 != char }) + 1)
            } else if isNameStart(char) {
                emit(.attribute, upTo: scan(from: index) { isNameStart($0) || $0.isNumberASCIIFirst || ":-_.".contains($0) })
            } else if char == "/" || char == "?" {
                emit(.tag, upTo: index + 1)
            } else {
                emit(.plain, upTo: index + 1)
            }
        }
        if index < chars.count { emit(.tag, upTo: index + 1) }
    }

    private mutating func emit(_ kind: HighlightToken.Kind, upTo end: Int) {
        let end = min(end, chars.count)
        output.append(kind, String(chars[index..<end]))
        index = end
    }

    private func isNameStart(_ char: Character) -> Bool { char.isLetterASCIIFirst || char == "_" }

    private func starts(with text: String) -> Bool {
        let pattern = Array(text)
        return index + pattern.count <= chars.count && Array(chars[index..<index + pattern.count]) == pattern
    }

    private func find(_ text: String) -> Int? {
        let pattern = Array(text)
        guard index + pattern.count <= chars.count else { return nil }
        return (index...(chars.count - pattern.count)).first { Array(chars[$0..<$0 + pattern.count]) == pattern }
    }

    private func scan(from start: Int, while test: (Character) -> Bool) -> Int {
        var end = start
        while end < chars.count, test(chars[end]) { end += 1 }
        return end
    }
}
