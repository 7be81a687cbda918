/// Shows a run of tokens as written in the sample's text, whitespace collapsed and long runs shortened.
struct TokenExcerpt {
    static let maximumLength = 100
    let lines: [[Character]]

    init(text: String) {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    }

    /// The text from the first token to the end of the last.
    func excerpt(_ tokens: [CodeToken], _ range: Range<Int>) -> String {
        guard let first = range.first, let last = range.last else { return "" }
        let start = tokens[first], end = tokens[last]
        guard start.line <= end.line, end.line < lines.count else { return shorten(tokens[range].map(\.text).joined(separator: " ")) }
        var pieces: [String] = []
        for line in start.line...end.line {
            let characters = lines[line]
            let lower = line == start.line ? min(start.column - 1, characters.count) : 0
            let upper = line == end.line ? min(end.column - 1 + end.text.count, characters.count) : characters.count
            pieces.append(lower <= upper ? String(characters[lower..<upper]) : "")
        }
        return shorten(pieces.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " "))
    }

    private func shorten(_ text: String) -> String {
        text.count <= Self.maximumLength ? text : String(text.prefix(Self.maximumLength)) + "…"
    }
}
