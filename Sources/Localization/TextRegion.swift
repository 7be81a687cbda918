/// A part of a line that a corruption rule reads, with its column and scope.
struct TextRegion {
    var text: Substring
    var column: Int
    var scope: CorruptionRule.Scope

    /// Title and description values in front matter (`title: "…"`, `pageTitle="…"`).
    static func metadataValues(in line: String) -> [TextRegion] {
        guard mayHoldMetadataKey(line) else { return [] }
        return line.matches(of: metadataValueRegex).map { match in
            let key = match.output.1.lowercased()
            let value = match.output.2
            let column = line.distance(from: line.startIndex, to: value.startIndex) + 1
            return TextRegion(text: value, column: column, scope: key == "description" ? .prose : .title)
        }
    }

    /// False when the line certainly has no key `metadataValueRegex` reads: its bytes hold neither
    /// `title` nor `description` in any ASCII case. Ignoring case, Swift's `Regex` matches an ASCII
    /// letter with only its two ASCII cases (no other character: not `K` U+212A, `ſ` U+017F or `ı`;
    /// a letter with a combining mark is another character), so a key is always written in ASCII.
    /// Most lines (prose in any language, `ms.date: …`) are ruled out so.
    static func mayHoldMetadataKey(_ line: String) -> Bool {
        let bytes = line[...].utf8
        return metadataKeyWords.contains { bytes.containsIgnoringASCIICase($0) }
    }

    /// What every key of `metadataValueRegex` holds (`pagetitle` holds `title`).
    private static let metadataKeyWords = [Array("title".utf8), Array("description".utf8)]

    /// The comments of one line of code.
    static func comments(in line: String, language: String) -> [TextRegion] {
        CodeTokenizer(language: language).comments(line).map { token in
            let start = line.index(line.startIndex, offsetBy: token.column - 1)
            let end = line.index(start, offsetBy: token.text.count)
            return TextRegion(text: line[start..<end], column: token.column, scope: .comment)
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let metadataValueRegex = /(?i)\b(title|pagetitle|description)\s*[:=]\s*"?([^"]*)/
