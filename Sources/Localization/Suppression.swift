/// A deliberate exception written in the Markdown: `<!-- stepwise-ignore RULE[, RULE…]: reason -->`.
/// On its own line it covers the next non-blank line, or the whole code sample that starts there;
/// after content on a line it covers that line.
public struct Suppression: Hashable, Sendable {
    public var path: String
    public var line: Int
    public var column: Int
    /// Rule ids, or `*` for every rule.
    public var rules: [String]
    public var reason: String
    public var covers: ClosedRange<Int>

    func matches(_ finding: Finding) -> Bool {
        finding.path == path && covers.contains(finding.line) && (rules.contains("*") || rules.contains(finding.rule))
    }

    /// Every suppression comment in `file`.
    static func all(in file: CheckedFile) -> [Suppression] {
        file.lines.enumerated().compactMap { offset, text in
            guard text.contains("stepwise-ignore"), let match = text.firstMatch(of: suppressionRegex) else { return nil }
            let line = offset + 1
            let alone = text[..<match.range.lowerBound].allSatisfy(\.isWhitespace)
            let rules = match.output.1.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
            return Suppression(
                path: file.path, line: line, column: text.distance(from: text.startIndex, to: match.range.lowerBound) + 1,
                rules: rules, reason: String(match.output.2 ?? "").trimmingCharacters(in: " "),
                covers: alone ? target(after: line, in: file) : line...line)
        }
    }

    /// The next non-blank line, extended over the code sample that starts there (at its first code
    /// line, or at the fence that opens it).
    private static func target(after line: Int, in file: CheckedFile) -> ClosedRange<Int> {
        var start = line + 1
        while start <= file.lines.count, file.lines[start - 1].allSatisfy(\.isWhitespace) { start += 1 }
        let opensFence = start <= file.lines.count && isFence(file.lines[start - 1]) && file.codeLines[start + 1] != nil
        guard file.codeLines[start] != nil || opensFence else { return start...start }
        var end = start
        while end + 1 <= file.lines.count, file.codeLines[end + 1] != nil || file.lines[end].allSatisfy(\.isWhitespace) { end += 1 }
        while end > start, file.codeLines[end] == nil { end -= 1 }
        return start...end
    }

    /// A line that opens a fenced code block: three or more backticks or tildes after indentation.
    private static func isFence(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")
    }
}

nonisolated(unsafe) private let suppressionRegex = /<!--\s*stepwise-ignore\s+([\w*-]+(?:\s*,\s*[\w*-]+)*)\s*(?::\s*(.*?))?\s*-->/
