import StepwiseDiagnostics
import Testing
@testable import TutorialModel

/// `AlertMarker` reads a marker by its bytes where they are surely its characters: it must answer
/// what the patterns answer, on any text.
@Suite struct AlertMarkerTests {
    /// Marker parts in every case, blanks, line breaks, letters and digits, and what reads otherwise by
    /// Unicode's rules: combining marks, spaces past ASCII, letters that fold to ASCII ones (KELVIN
    /// SIGN, LONG S), other scripts.
    static let pieces = ["[", "[", "]", "]", "!", "!", "AZURE.", "azure.", "Azure", "WACOM.", "wacom.", ".", "NOTE", "note", "Tip", "x", "9",
                         " ", " ", "\t", "\r", "\n", "\r\n", "\u{0B}", "\u{301}", "\u{A0}", "\u{3000}", "\u{2028}", "é", "\u{212A}", "\u{17F}",
                         "\u{600}", "日", "👍🏽"]

    /// 30,000 texts made of `pieces`, the same on every run (seeded: a failing text is found again);
    /// most open like a marker, so that every step of the reading is reached.
    static func texts() -> [String] {
        var generator = SplitMix64(seed: 23)
        let openings = ["[!", "[AZURE.", "[azure.", "[WACOM.", " [!", "\t\r\n[!", "[", ""]
        return (0..<30_000).map { _ in
            let body = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            return openings.randomElement(using: &generator)! + body
        }
    }

    static func shown(_ found: (kind: Substring, end: String.Index)?, in text: String) -> String {
        found.map { "\($0.kind.debugDescription) ends at byte \(text.utf8.distance(from: text.startIndex, to: $0.end))" } ?? "none"
    }

    @Test("30,000 generated texts: the marker and its end as the patterns read them, with and without the blanks around it")
    func generatedTexts() {
        var (decided, differing) = (0, [String]())
        for text in Self.texts() {
            for blanks in [false, true] {
                let read = Self.shown(AlertMarker.prefix(of: text, blanks: blanks), in: text)
                let expected = Self.shown(AlertMarker.byPattern(text, blanks: blanks), in: text)
                if read != expected { differing.append("\(text.debugDescription) blanks: \(blanks): \(read), expected \(expected)") }
                if case .decided = AlertMarker.byBytes(text, blanks: blanks) { decided += 1 }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) texts read otherwise, the first: \(differing.prefix(5))")
        // Most are decided by their bytes: the test reads both ways, not the patterns twice.
        #expect(decided > 30_000)
    }

    @Test("the markers of French and Spanish notes are read by their bytes; a letter past ASCII is left to the patterns")
    func realMarkers() {
        let cases: [(text: String, blanks: Bool, kind: String?, rest: String)] = [
            ("[!NOTE]\nCette fonctionnalité est en préversion.", false, "NOTE", "\nCette fonctionnalité est en préversion."),
            ("  [AZURE.TIP] Más información", true, "TIP", "Más información"),
            ("[!important] ", true, "important", ""),
            ("[wacom.Warning]", false, "Warning", ""),
            ("[!div class=\"checklist\"]", false, nil, ""),
            ("[!NOTE] Édition", true, "NOTE", "Édition"),
            ("[!NOTE]À savoir", true, "NOTE", "À savoir"),
        ]
        for (text, blanks, kind, rest) in cases {
            guard case .decided(let found) = AlertMarker.byBytes(text, blanks: blanks) else {
                Issue.record("\(text.debugDescription) not decided by its bytes")
                continue
            }
            #expect(found.map { String($0.kind) } == kind, "\(text.debugDescription)")
            if let found { #expect(String(text[found.end...]) == rest, "\(text.debugDescription)") }
        }
        // A byte past ASCII where it may join the character before it, or be a space: the patterns decide.
        for (text, blanks) in [("[!NOTE\u{301}]", false), ("[!NOTE]\u{301} x", false), ("[!NOTE]\u{A0}x", true), ("[!NOTE] \u{301}x", true), ("\u{3000}[!NOTE]", true), ("[!N\u{212A}]", false)] {
            guard case .undecided = AlertMarker.byBytes(text, blanks: blanks) else {
                Issue.record("\(text.debugDescription) decided by its bytes")
                continue
            }
        }
    }
}
