/// Leading-whitespace width of a line, with tabs to the next multiple of 4 (as CommonMark counts them).
enum Indentation {
    static func width(of line: some StringProtocol) -> Int {
        var column = 0
        for character in line {
            switch character {
            case " ": column += 1
            case "\t": column += 4 - column % 4
            default: return column
            }
        }
        return column
    }

    /// `line` with its leading whitespace expanded to spaces.
    static func expandingLeadingTabs(_ line: some StringProtocol) -> String {
        let width = width(of: line)
        let rest = line.drop { $0 == " " || $0 == "\t" }
        return String(repeating: " ", count: width) + rest
    }

    /// Removes up to `count` columns of leading whitespace (tabs expanded first).
    static func removing(_ count: Int, from line: String) -> String {
        let expanded = expandingLeadingTabs(line)
        let remove = min(count, width(of: expanded))
        return String(expanded.dropFirst(remove))
    }
}

extension StringProtocol {
    /// The string without leading and trailing whitespace (including no-break spaces).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{A0}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }

    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }
}
