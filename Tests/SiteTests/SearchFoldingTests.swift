@testable import Site
import Testing

/// The fast folding of Latin text (scalar by scalar, from a table) gives exactly what the whole-string
/// steps give — the steps `search.js` runs in the browser — and other scripts take the whole-string path.
@Suite struct SearchFoldingTests {
    @Test("every scalar below U+0250, alone and in words, folds as the whole-string steps fold it")
    func latinTable() {
        let all = String(String.UnicodeScalarView((0x20..<0x250).compactMap(Unicode.Scalar.init)))
        #expect(SearchTokenizer.fold(all) == SearchTokenizer.foldWhole(all))
        for text in ["Créer un pipeline", "ÜBERSICHT Größe", "Åtgärd ÖVERSIKT", "Ñandú CONFIGURACIÓN", "İstanbul ǅemal Ĳssel", "Œuvre Æsir ÞORN"] {
            #expect(SearchTokenizer.fold(text) == SearchTokenizer.foldWhole(text), "\(text)")
        }
    }

    @Test("text with other scripts or decomposed accents takes the whole-string path")
    func otherScripts() {
        for text in ["ΟΔΥΣΣΕΥΣ", "Москва Проект", "Cre\u{301}er", "東京 Créer"] {
            #expect(SearchTokenizer.fold(text) == SearchTokenizer.foldWhole(text), "\(text)")
        }
        #expect(SearchTokenizer.fold("Cre\u{301}er") == "creer")
    }

    @Test("Latin text with other scalars among it (punctuation, other scripts, marks in any order) folds as the whole-string steps fold it")
    func mixedText() {
        for value in UInt32(0x250)..<0x2200 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "É\(scalar)é a\(scalar)\(scalar)B"
            #expect(SearchTokenizer.fold(text) == SearchTokenizer.foldWhole(text), "U+\(String(value, radix: 16))")
        }
        for text in ["l’application — « Créer »", "Ça\u{591}\u{5B0} é\u{5B0}\u{591}\u{301}", "ΟΔΟΣ Créer ΣΑΣ", "東京 Créer Москва", "e\u{301}\u{323}x"] {
            #expect(SearchTokenizer.fold(text) == SearchTokenizer.foldWhole(text), "\(text)")
        }
    }
}
