/// The part of a code file a reference shows, cut as DocFX cuts it: the named region first (lines
/// holding other snippet tags left out), then the line ranges, then the common indentation (or
/// `dedent` columns) taken off.
public struct CodeSnippetExtractor: Sendable {
    public var query: CodeReferenceQuery
    /// The reference's language tag, choosing the comment syntax of snippet tags.
    public var language: String

    public init(query: CodeReferenceQuery, language: String) {
        self.query = query
        self.language = language
    }

    /// What could not be shown as asked.
    public enum Problem: Hashable, Sendable {
        /// No region or snippet tag of that name (or no end tag for it).
        case regionMissing(String)
        /// Ranges that reach past the file's (or region's) last line, with that line count.
        case rangePastEnd([LineRange], lineCount: Int)
    }

    /// At most this many lines are shown (a range list can repeat lines without end).
    public static let maximumLines = 100_000

    /// The extracted code, the file lines it came from and the problems met (lines that exist are
    /// still shown when a range reaches past the end).
    public func extract(_ lines: [String]) -> (snippet: CodeSnippet, problems: [Problem]) {
        var numbered = Array(zip(1..., lines)).map { (line: $0.0, text: $0.1) }
        var problems: [Problem] = []
        if let region = query.region {
            guard let body = regionLines(region, in: numbered) else {
                return (CodeSnippet(text: "", lines: [], highlight: []), [.regionMissing(region)])
            }
            numbered = body
        }
        if !query.ranges.isEmpty {
            let past = query.ranges.filter { $0.start < 1 || $0.start > numbered.count || ($0.end ?? 0) > numbered.count }
            if !past.isEmpty { problems.append(.rangePastEnd(past, lineCount: numbered.count)) }
            numbered = Self.select(query.ranges, from: numbered)
        }
        let text = dedented(numbered.map(\.text))
        let highlight = text.indices.map { $0 + 1 }.filter { line in query.highlight.contains { $0.contains(line) } }
        return (CodeSnippet(text: text.joined(separator: "\n"), lines: numbered.map(\.line), highlight: highlight), problems)
    }

    /// The lines of each range in turn (counted from 1 in `lines`), up to `maximumLines`.
    static func select(_ ranges: [LineRange], from lines: [(line: Int, text: String)]) -> [(line: Int, text: String)] {
        var selected: [(line: Int, text: String)] = []
        for range in ranges where range.start >= 1 && range.start <= lines.count {
            let end = max(range.start - 1, min(range.end ?? lines.count, lines.count))
            selected += lines[(range.start - 1)..<end].prefix(maximumLines - selected.count)
            if selected.count >= maximumLines { break }
        }
        return selected
    }

    /// The lines between the start and end tags of `name` (case ignored), without tag lines; nil when
    /// there is no such region.
    func regionLines(_ name: String, in lines: [(line: Int, text: String)]) -> [(line: Int, text: String)]? {
        let tags = CodeRegionTags(language: language)
        let found = lines.map { tags.tag(in: $0.text) }
        let wanted = name.lowercased()
        guard let start = found.firstIndex(where: { Self.starts($0, wanted) }), let end = Self.end(of: start, in: found, name: wanted) else {
            return nil
        }
        return (start + 1..<end).filter { found[$0] == nil }.map { lines[$0] }
    }

    /// Whether `tag` starts the region or snippet `name` (lower-cased).
    private static func starts(_ tag: CodeRegionTags.Tag?, _ name: String) -> Bool {
        switch tag {
        case .start(let other), .regionStart(let other): other.lowercased() == name
        default: false
        }
    }

    /// The index of the tag ending the region started at `start`: the snippet's `</name>`, or the
    /// `#endregion` matching a `#region` (nested regions counted).
    private static func end(of start: Int, in tags: [CodeRegionTags.Tag?], name: String) -> Int? {
        let isRegion = if case .regionStart = tags[start] { true } else { false }
        var depth = 0
        for index in (start + 1)..<tags.count {
            switch tags[index] {
            case .end(let other) where !isRegion && other.lowercased() == name: return index
            case .regionStart where isRegion: depth += 1
            case .regionEnd where isRegion:
                if depth == 0 { return index }
                depth -= 1
            default: continue
            }
        }
        return nil
    }

    /// `lines` with `dedent` leading columns taken off, or their common indentation.
    func dedented(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }
        let cut = query.dedent ?? indents.min() ?? 0
        return lines.map { line in
            let lead = line.prefix { $0 == " " || $0 == "\t" }.count
            return String(line.dropFirst(min(cut, lead)))
        }
    }
}
