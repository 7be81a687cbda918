/// A C# `switch` over a value: its subject and its `case "literal":` sections.
struct SwitchStatement {
    struct Section {
        /// The string literal, or nil for `default:`.
        var label: String?
        var line: Int
        var body: Range<Int>
    }

    /// The last name of the subject: `deviceUpdate.Platform` → `Platform`, `pns.ToLower()` → `pns`.
    var subject: String
    var sections: [Section]
    var range: Range<Int>

    /// Every switch statement in `tokens`.
    static func all(in tokens: [CodeToken]) -> [SwitchStatement] {
        tokens.indices.compactMap { index in
            guard tokens[index].isWord("switch"), index + 1 < tokens.count, tokens[index + 1].isSymbol("(") else { return nil }
            let close = tokens.closing(index + 1)
            guard close + 1 < tokens.count, tokens[close + 1].isSymbol("{") else { return nil }
            let end = tokens.closing(close + 1)
            return SwitchStatement(
                subject: subject(tokens, (index + 2)..<close), sections: sections(tokens, (close + 2)..<end), range: index..<end)
        }
    }

    private static func subject(_ tokens: [CodeToken], _ range: Range<Int>) -> String {
        let names = tokens[range].filter { $0.kind == .identifier }.map(\.text)
        let meaningful = names.filter { !["ToLower", "ToLowerInvariant", "ToUpper", "Trim"].contains($0) }
        return meaningful.last ?? names.last ?? ""
    }

    private static func sections(_ tokens: [CodeToken], _ range: Range<Int>) -> [Section] {
        let starts = tokens.topLevel(range).filter { tokens[$0].isWord("case") || tokens[$0].isWord("default") }
        return starts.enumerated().map { offset, start in
            let end = offset + 1 < starts.count ? starts[offset + 1] : range.upperBound
            let isCase = tokens[start].isWord("case")
            let colon = tokens.first(in: start..<end) { $0.isSymbol(":") } ?? start
            return Section(label: isCase ? tokens[start + 1].text : nil, line: tokens[start].line, body: (colon + 1)..<end)
        }
    }
}
