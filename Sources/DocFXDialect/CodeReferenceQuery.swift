public import Foundation

/// What a code reference shows of its file, read as DocFX reads it: `?range=2,5-7,10-` (a comma
/// list, open at the end), `#L10-L20` or `?start=10&end=20`, a named region `#name` or `?name=name`
/// (C# `#region name`, or `<name>` … `</name>` snippet tags in the file's comment syntax),
/// `?dedent=N`, and `?highlight=2,4-5` (lines of the shown code to mark).
public struct CodeReferenceQuery: Hashable, Sendable, Codable {
    /// Lines of the file to show, in order; empty: the whole file (or the region).
    public var ranges: [LineRange] = []
    /// The region or snippet tag to show.
    public var region: String?
    /// Lines of the shown code to mark, counted from 1.
    public var highlight: [LineRange] = []
    /// Columns to take off every line; nil: the lines' common indentation.
    public var dedent: Int?

    public init(ranges: [LineRange] = [], region: String? = nil, highlight: [LineRange] = [], dedent: Int? = nil) {
        self.ranges = ranges
        self.region = region
        self.highlight = highlight
        self.dedent = dedent
    }

    /// The options of a link form's path: its `?query` and `#fragment`.
    public init(linkPath written: String) {
        var text = Substring(written)
        var fragment: Substring?
        if let hash = text.firstIndex(of: "#") {
            fragment = text[text.index(after: hash)...]
            text = text[..<hash]
        }
        if let question = text.firstIndex(of: "?") {
            apply(query: text[text.index(after: question)...])
        }
        if let fragment, !fragment.isEmpty {
            if let match = fragment.wholeMatch(of: githubLinesRegex), let start = Int(match.output.start) {
                ranges = [LineRange(start: start, end: match.output.end.flatMap { Int($0) } ?? start)]
            } else {
                region = String(fragment).removingPercentEncoding ?? String(fragment)
            }
        }
    }

    private mutating func apply(query: Substring) {
        var start: Int?, end: Int?
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            let key = parts.first.map { $0.lowercased() } ?? ""
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            switch key {
            case "range": ranges = Self.lineRanges(value)
            case "name": region = value.isEmpty ? nil : value
            case "highlight": highlight = Self.lineRanges(value)
            case "dedent": dedent = Int(value)
            case "start": start = Int(value)
            case "end": end = Int(value)
            default: continue
            }
        }
        if ranges.isEmpty, start != nil || end != nil { ranges = [LineRange(start: start ?? 1, end: end)] }
    }

    /// `2,5-7,10-` as line ranges; parts that are not numbers are left out.
    public static func lineRanges(_ text: String) -> [LineRange] {
        text.split(separator: ",").compactMap { part in
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = bounds.first, let start = Int(first), start > 0 else { return nil }
            guard bounds.count == 2 else { return LineRange(start: start, end: start) }
            if bounds[1].isEmpty { return LineRange(start: start, end: nil) }
            guard let end = Int(bounds[1]), end >= start else { return nil }
            return LineRange(start: start, end: end)
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let githubLinesRegex = /L(?<start>\d+)(?:-L(?<end>\d+))?/
