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
    /// True when the string holds only spaces and tabs.
    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }
}
