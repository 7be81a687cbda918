@testable import Site
import Testing

/// A section's snippet: its first words up to `SearchDocument.snippetLength` characters, read scalar by
/// scalar where that counts characters, else character by character — the same snippet either way.
@Suite struct SearchSnippetTests {
    static let texts = [
        "", "   ", "Ce tutoriel explique la création d'une application.", "  Créez\tune\r\napplication  mobile  ",
        String(repeating: "a", count: 70), String(repeating: "é", count: 59), String(repeating: "é", count: 60) + " suite",
        "Un mot " + String(repeating: "x", count: 80), "Configuración de la aplicación móvil para enviar notificaciones push a los usuarios",
        "Année\u{00A0}2015 — « guillemets » ; ponctuation : fin.", "Straße Größe Übersicht Åtgärd Año pingüino ¿Qué? ¡Hola!",
        "Cre\u{301}er une application décomposée, qui n’est pas lue scalaire par scalaire",
        "Emoji 🙂 et 日本語 dans le texte", "Espace\u{2003}cadratin", " \u{301}marque après une espace",
        "ligne\r\nsuivante\rretour\nfin\u{0B}tab\u{0C}page\u{85}suivante", String(repeating: "mot ", count: 30),
        String(repeating: "b", count: 59), String(repeating: "c", count: 58) + " d", "a " + String(repeating: "z", count: 57),
    ]

    @Test("the snippet read scalar by scalar is the snippet read character by character", arguments: texts)
    func sameSnippet(text: String) {
        #expect(SearchDocument.snippet(text) == SearchDocument.characterSnippet(text))
        if let latin = SearchDocument.latinSnippet(text) { #expect(latin == SearchDocument.characterSnippet(text)) }
    }

    @Test("text in Latin letters is read scalar by scalar; a combining mark or another script is read by characters")
    func fastPath() {
        #expect(SearchDocument.latinSnippet("Ce tutoriel explique la création d'une application pour les développeurs.") == "Ce tutoriel explique la création d'une application pour les …")
        #expect(SearchDocument.latinSnippet("Cre\u{301}er") == nil)
        #expect(SearchDocument.latinSnippet("Emoji 🙂") == nil)
        #expect(SearchDocument.latinSnippet(String(repeating: "é", count: 61)) == String(repeating: "é", count: 60) + "…")
    }

    @Test("white space below U+0300 is told without the property lookup, exactly as the property tells it")
    func latinWhitespace() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(SearchDocument.isLatinWhitespace(scalar) == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
        #expect(SearchDocument.latinSnippet("Espace\u{2003}cadratin") == nil, "white space above U+0300 is read by characters")
    }
}
