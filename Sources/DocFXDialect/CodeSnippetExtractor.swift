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
            let count = numbered.count
            let past = query.ranges.filter { $0.start > count || ($0.end ?? 0) > count }
            if !past.isEmpty { problems.append(.rangePastEnd(past, lineCount: count)) }
            numbered = query.ranges.flatMap { range in
                numbered.enumerated().filter { range.contains($0.offset + 1) }.map(\.element)
            }
        }
        let text = dedented(numbered.map(\.text))
        let highlight = (1...max(1, text.count)).filter { line in query.highlight.contains { $0.contains(line) } && line <= text.count }
        return (CodeSnippet(text: text.joined(separator: "\n"), lines: numbered.map(\.line), highlight: highlight), problems)
    }

    /// The lines between the start and end tags of `name` (case ignored), without tag lines; nil when
    /// there is no such region.
    func regionLines(_ name: String, in lines: [(line: Int, text: String)]) -> [(line: Int, text: String)]? {
        let tags = CodeRegionTags(language: language)
        let found = lines.map { tags.tag(in: $0.text) }
        let wanted = name.lowercased()
        guard let start = found.firstIndex(where: { $0 == .start(name) || $0 == .regionStart(name) || Self.named($0, wanted) }) else {
            return nil
        }
        var depth = 0
        var end: Int?
        for index in (start + 1)..<lines.count {
            switch found[index] {
            case .end(let other) where other.lowercased() == wanted:
                if case .regionStart = found[start] { continue }
                end = index
            case .regionStart: depth += 1
            case .regionEnd:
                guard case .regionStart = found[start] else { continue }
                if depth == 0 { end = index } else { depth -= 1 }
            default: continue
            }
            if end != nil { break }
        }
        guard let end else { return nil }
        return (start + 1..<end).filter { found[$0] == nil }.map { lines[$0] }
    }

    private static func named(_ tag: CodeRegionTags.Tag?, _ name: String) -> Bool {
        switch tag {
        case .start(let other), .regionStart(let other): other.lowercased() == name
        default: false
        }
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

/// Code cut from a file for a reference.
public struct CodeSnippet: Hashable, Sendable, Codable {
    /// The code as shown.
    public var text: String
    /// The file line of each shown line.
    public var lines: [Int]
    /// Shown lines to mark (1-based).
    public var highlight: [Int]

    public init(text: String, lines: [Int], highlight: [Int]) {
        self.text = text
        self.lines = lines
        self.highlight = highlight
    }
}
