@testable import Site
import Testing

/// Escaping text for HTML: each `&`, `<`, `>`, `"` and `'` character written as its entity, byte by
/// byte where that is the same as character by character.
@Suite struct HTMLEscapingTests {
    @Test("escaping gives what escaping character by character gives", arguments: [
        "", "plain text", "a & b < c > d \" e ' f", "&<>\"'", "<script>alert('x')</script>", "Créer & déployer «l'app»",
        "é&", "&é", "a&\u{301}b", "\u{0600}&", "x<\u{200D}y", "👩‍💻 & 日本語 <b>", "&\r\n<", "\u{0600}a&", "e\u{301}<",
    ])
    func sameAsCharacters(text: String) {
        #expect(HTMLEscaping.escape(text) == HTMLEscaping.escapedCharacters(text))
    }

    @Test("a mark that joins a character to escape leaves it as it is; ASCII neighbours are read byte by byte")
    func joinedCharacters() {
        #expect(HTMLEscaping.escape("a&\u{301}b") == "a&\u{301}b")
        #expect(HTMLEscaping.escapedBytes("a&\u{301}b") == nil)
        #expect(HTMLEscaping.escapedBytes("Créer & déployer <l'app>") == "Créer &amp; déployer &lt;l&#39;app&gt;")
    }

    /// Texts with each byte HTML escapes (and its neighbours with the high bit set, 0xA6 for `&`) at
    /// every offset of two words, around plain ASCII and multi-byte letters.
    static var placed: [String] {
        var texts: [String] = []
        for special in ["&", "<", ">", "\"", "'", "¦", "¼", "¾", "¢", "§"] {
            for offset in 0..<17 {
                texts.append(String(repeating: "a", count: offset) + special + String(repeating: "b", count: 16 - offset))
                texts.append(String(repeating: "é", count: offset / 2) + special + "ü")
            }
        }
        return texts
    }

    @Test("the first byte to escape is found a word at a time where byte by byte finds it; templates escape as the pages do")
    func firstSpecial() throws {
        let library = TemplateLibrary(["page": try Template("{{text}}")])
        var found = 0
        for text in Self.placed + ["", "x", String(repeating: "plain text ", count: 9), "&<>\"'", "a & b < c > d \" e ' f"] {
            var copy = text
            copy.withUTF8 { bytes in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex { "&<>\"'".utf8.contains($0) } ?? bytes.count
                    #expect(HTMLEscaping.firstSpecial(in: bytes, from: start) == expected, "\(text) from \(start)")
                    if expected < bytes.count { found += 1 }
                }
            }
            let rendered = library.render(.object(TemplateFields(["text": .string(text)])), template: "page")
            #expect(rendered.map { String(decoding: $0, as: UTF8.self) } == HTMLEscaping.escapedCharacters(text), "\(text)")
            #expect(HTMLEscaping.escape(text) == HTMLEscaping.escapedCharacters(text), "\(text)")
        }
        #expect(found > 500)
    }
}
