import Foundation
import StepwiseDiagnostics
import Testing

/// The ASCII checks that let a scan skip Foundation: each must say yes only where the slow route
/// would change nothing.
@Suite struct ASCIITextTests {
    @Test("ASCII text with neither end a space, tab or control needs no trimming", arguments: [
        ("", true), ("a", true), ("media/x.png", true), ("a b", true), ("a\u{7F}", true),
        (" a", false), ("a ", false), ("\ta", false), ("a\t", false), ("\u{1}a", false), ("x\r\n", false),
        ("é.png", false), ("a\u{A0}", false), ("\u{2003}a", false),
    ])
    func withoutBlankEnds(_ text: String, expected: Bool) {
        #expect(text.isASCIIWithoutBlankEnds == expected)
        if expected { #expect(text.trimmingCharacters(in: .whitespaces) == text) }
    }

    @Test("an ASCII byte is white space exactly when its character is, as `\\s` reads it")
    func whitespaceBytes() throws {
        let pattern = try Regex(#"\s"#)
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            #expect(byte.isASCIIWhitespace == character.isWhitespace, "\(byte)")
            #expect(byte.isASCIIWhitespace == (String(character).wholeMatch(of: pattern) != nil), "\(byte)")
        }
    }

    @Test("a byte lower-cased is its ASCII character lower-cased; a byte past ASCII stays as it is")
    func lowercasedBytes() {
        for byte in UInt8(0)...0xFF {
            let expected = byte < 0x80 ? String(Character(Unicode.Scalar(byte))).lowercased().utf8.first! : byte
            #expect(byte.asciiLowercased == expected, "\(byte)")
        }
        #expect("CAFÉ Ab".utf8.map(\.asciiLowercased) == Array("cafÉ ab".utf8))
    }

    @Test("a path's slash-separated parts are exactly what `split(separator: \"/\")` gives, made by bytes when ASCII", arguments: [
        "", "/", "//", "a", "a/b", "/a/b/", "a//b", "articles/svc/page.md", "fr-fr/editions/2019/articles/x.md", "./a/../b",
        "a/b\r\n/c", "dossier/é/page.md", "a/\u{301}b/c", "a\u{301}/b", "/\u{301}", "日本/語",
    ])
    func slashSeparatedParts(_ path: String) {
        let expected = path.split(separator: "/")
        #expect(path.slashSeparatedParts() == expected)
        #expect(path.slashSeparatedParts().map(String.init) == expected.map(String.init))
        // A substring splits as the text it holds.
        let inner = ("x/" + path + "/y").dropFirst(2).dropLast(2)
        #expect(inner.slashSeparatedParts().map(String.init) == inner.split(separator: "/").map(String.init))
    }
}
