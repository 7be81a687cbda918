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
}
