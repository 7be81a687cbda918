import Foundation
@testable import Site
import Testing

/// Identifiers skip Foundation's folding for ASCII text; they must equal what folding every text
/// gave (its first form, kept here as the oracle).
@Suite struct HTMLIdentifierTests {
    static func folded(_ text: String, fallback: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-"), !result.isEmpty {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? fallback : result
    }

    static let texts = [
        String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }), "Send notifications", "Step 2: Create the API (ASP.NET)", "--a--b--", "", "   ", "-",
        "Übersicht", "Créer une ressource Azure", "Ñandú — año 2024", "Straße", "ﬁle ﬂow", "Ｆｕｌｌ", "日本語の見出し", "e\u{301}te\u{301}", "İstanbul", "KELVIN \u{212A}",
        "Ωmega σς", "x\u{A0}y", "tab\there", "a\r\nb", "🙂 emoji 🙂", "C# and F#", "Node.js v18.x", "ÀÉÎÕÜ àéîõü", "ǅungla",
    ]

    @Test("the identifier folding every text gave", arguments: texts)
    func sameIdentifier(_ text: String) {
        #expect(HTMLIdentifier.make(text, fallback: "section") == Self.folded(text, fallback: "section"))
    }
}
