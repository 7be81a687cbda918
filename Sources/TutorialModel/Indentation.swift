/// Leading-whitespace width of a line, with tabs to the next multiple of 4 (as CommonMark counts them).
enum Indentation {
    static func width(of line: some StringProtocol) -> Int {
        // By bytes while the leading spaces and tabs end at an ASCII byte or the end: no ASCII byte
        // joins a space or tab into another character. A byte past ASCII may (a combining mark):
        // the characters decide.
        var column = 0
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: " "): column += 1
            case UInt8(ascii: "\t"): column += 4 - column % 4
            case ..<0x80: return column
            default: return widthByCharacters(of: line)
            }
        }
        return column
    }

    /// `width(of:)` read character by character.
    static func widthByCharacters(of line: some StringProtocol) -> Int {
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
        // Leading spaces that no tab follows expand to themselves (a space a combining mark joins
        // is kept as it stands either way): the line as it is.
        if line.utf8.first(where: { $0 != UInt8(ascii: " ") }) != UInt8(ascii: "\t") { return String(line) }
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
    /// True when the string holds only spaces and tabs. Read by bytes: a space or tab followed by
    /// a combining mark is another character, and its mark's bytes are neither.
    var isBlank: Bool { utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
}
