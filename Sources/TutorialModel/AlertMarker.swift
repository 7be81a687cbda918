import StepwiseDiagnostics

/// The marker an alert opens with — `[!NOTE]`, `[AZURE.TIP]`, `[WACOM.NOTE]`, in any case — read
/// from the start of a text.
///
/// Every block quote of a repository is asked for one (most are alerts), and a Swift `Regex` match
/// and its output cost a percent of `extract`. A marker made of ASCII bytes is read by its bytes
/// exactly as the patterns read its characters: an ASCII byte is a character of its own unless a
/// byte past ASCII follows it (a combining mark joins it) or it is the CR of a CR LF. Wherever a
/// byte past ASCII could change the answer (a letter, a space or a mark the patterns read by
/// Unicode's rules), the patterns decide, as before.
enum AlertMarker {
    /// The marker `text` opens with: its kind as written (`NOTE`, `tip`) and where it ends. With
    /// `blanks`, white space before and after the marker is part of it (where a note's text starts).
    static func prefix(of text: String, blanks: Bool = false) -> (kind: Substring, end: String.Index)? {
        if case .decided(let found) = byBytes(text, blanks: blanks) { return found }
        return byPattern(text, blanks: blanks)
    }

    /// What the bytes tell: the answer, or that characters past ASCII must decide.
    enum Reading {
        case decided((kind: Substring, end: String.Index)?)
        case undecided
    }

    /// The marker read by bytes (see the type's comment).
    static func byBytes(_ text: String, blanks: Bool) -> Reading {
        let utf8 = text.utf8
        var index = utf8.startIndex
        // White space: ASCII blanks (CR LF is one blank character, the others one each).
        func skipBlanks() {
            while index < utf8.endIndex, utf8[index].isASCIIWhitespace { index = utf8.index(after: index) }
        }
        if blanks { skipBlanks() }
        guard index < utf8.endIndex else { return .decided(nil) }
        guard utf8[index] < 0x80 else { return .undecided }
        guard utf8[index] == UInt8(ascii: "[") else { return .decided(nil) }
        index = utf8.index(after: index)
        // `!`, or `AZURE.` / `WACOM.` in any case.
        guard index < utf8.endIndex else { return .decided(nil) }
        if utf8[index] == UInt8(ascii: "!") {
            index = utf8.index(after: index)
        } else {
            var matched = false
            for word in ["azure.", "wacom."] where !matched {
                var position = index, equal = true
                for expected in word.utf8 {
                    guard position < utf8.endIndex else { equal = false; break }
                    let actual = utf8[position]
                    guard actual < 0x80 else { return .undecided }
                    guard (actual >= UInt8(ascii: "A") && actual <= UInt8(ascii: "Z") ? actual | 0x20 : actual) == expected else { equal = false; break }
                    position = utf8.index(after: position)
                }
                if equal { (matched, index) = (true, position) }
            }
            guard matched else { return .decided(nil) }
        }
        // The kind: ASCII letters, then `]`.
        let kindStart = index
        while index < utf8.endIndex, utf8[index].isASCIILetter { index = utf8.index(after: index) }
        guard index < utf8.endIndex else { return .decided(nil) }
        guard utf8[index] < 0x80 else { return .undecided }
        guard index > kindStart, utf8[index] == UInt8(ascii: "]") else { return .decided(nil) }
        let kind = text[kindStart..<index]
        index = utf8.index(after: index)
        // `]` is a character of its own unless what follows joins it (a combining mark).
        guard index == utf8.endIndex || utf8[index] < 0x80 || isCharacterStart(index, in: text) else { return .undecided }
        if blanks {
            skipBlanks()
            // Past ASCII after the blanks: a mark joining the last blank, or a space outside ASCII
            // (`\s` reads Unicode's), is left to the patterns; any other character ends the marker.
            if index < utf8.endIndex, utf8[index] >= 0x80, !isCharacterStart(index, in: text) || text[index].isWhitespace { return .undecided }
        }
        return .decided((kind, index))
    }

    /// Whether a character of `text` starts at `index` (a scalar's start): an index inside a
    /// character is rounded down by `index(after:)` and `index(before:)`.
    private static func isCharacterStart(_ index: String.Index, in text: String) -> Bool {
        index == text.startIndex || text.index(before: text.index(after: index)) == index
    }

    /// The marker read by the patterns, by characters.
    static func byPattern(_ text: String, blanks: Bool) -> (kind: Substring, end: String.Index)? {
        guard let match = text.prefixMatch(of: blanks ? blankedMarkerRegex : markerRegex) else { return nil }
        return (match.output.kind, match.range.upperBound)
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let markerRegex = /\[(?:!|AZURE\.|WACOM\.)(?<kind>[A-Za-z]+)\]/.ignoresCase()
nonisolated(unsafe) private let blankedMarkerRegex = /\s*\[(?:!|AZURE\.|WACOM\.)(?<kind>[A-Za-z]+)\]\s*/.ignoresCase()
