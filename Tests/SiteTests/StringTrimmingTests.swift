import Foundation
@testable import Site
import Testing

@Suite struct StringTrimmingTests {
    @Test("a scalar is blank exactly when Foundation's CharacterSet.whitespaces holds it (every scalar of the BMP)")
    func blankScalars() {
        for value in UInt32(0)..<0x1_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isBlank == String(scalar).trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(value, radix: 16))")
        }
    }

    @Test("trimming drops what Foundation's trimmingCharacters(in: .whitespaces) drops")
    func trimming() {
        let cases = [
            "", " ", "\t \u{00A0}\u{3000}", "title", "  title  ", "\ttitle\u{2003}", "\u{200B}x\u{200B}", "\nline\n", " \u{301}accent ",
            "Créer une application\u{202F}", "\u{205F}a b\u{1680}", "x\u{180E}", " 12/16/2015 ", "\u{FEFF}bom",
        ]
        for text in cases {
            #expect(text.trimmingWhitespaces() == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
        }
    }

    @Test("replacing gives what Foundation's replacingOccurrences gives for the site's placeholders and separators")
    func replacing() {
        let cases: [(String, String, String)] = [
            ("{day}. {month} {year}", "{day}", "16"), ("{day} {day}{day}", "{day}", "é"), ("none here", "{day}", "x"),
            ("a\\b\\\\c", "\\", "/"), ("&amp;amp; &lt;é&gt;", "&amp;", "&"), ("aaaa", "aa", "b"), ("{x}", "{x}", ""),
            ("ünïcödé {name} ✓ {name}", "{name}", "Åtgärd"), ("{", "{day}", "x"), ("", "{day}", "x"),
        ]
        for (text, target, replacement) in cases {
            #expect(text.replacingEvery(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement),
                    "\(text.debugDescription) \(target.debugDescription)")
        }
    }
}
