@testable import Localization
import Testing

@Suite struct FingerprintTests {
    @Test("a text of the scalars `hasScalarCharacters` accepts has one character per scalar, but \\r\\n")
    func scalarCharacters() {
        let accepted = (UInt32(0)..<0x300).compactMap(Unicode.Scalar.init) + (UInt32(0x2000)..<0x20D0).compactMap(Unicode.Scalar.init)
        for scalar in accepted where String(scalar).hasScalarCharacters {
            #expect(("a" + String(scalar)).count == 2, "\(scalar.value) joins what comes before")
            #expect((String(scalar) + "a").count == 2, "\(scalar.value) joins what comes after")
        }
        #expect("Créer l’app : “x” – 5 €\r\n".hasScalarCharacters)
        #expect(!"Cre\u{301}er".hasScalarCharacters && !"a\u{200D}b".hasScalarCharacters && !"日本".hasScalarCharacters)
    }

    @Test("ASCII scalars are whitespace and numbers as their characters are")
    func asciiProperties() {
        for value in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(value)
            #expect(FindingFingerprint.isWhitespace(scalar) == Character(scalar).isWhitespace, "\(value)")
            #expect(FindingFingerprint.isNumber(scalar) == Character(scalar).isNumber, "\(value)")
        }
    }

    @Test("split by scalars or by characters: the same runs", arguments: [
        "  a\tb \r\n c  ", "Créer\u{A0}:\u{202F}« x »", "x1y22z٣w", "", "   ", "e\u{301} \u{301}x", "line 12, col 3: “é” 4\r\n",
    ])
    func splits(text: String) {
        let whitespace = FindingFingerprint.split(text, where: FindingFingerprint.isWhitespace, orCharacters: \.isWhitespace)
        #expect(whitespace.map { Array($0.utf8) } == text.split(whereSeparator: \.isWhitespace).map { Array($0.utf8) })
        let numbers = FindingFingerprint.split(text, where: FindingFingerprint.isNumber, orCharacters: \.isNumber)
        #expect(numbers.map { Array($0.utf8) } == text.split(whereSeparator: \.isNumber).map { Array($0.utf8) })
    }

    @Test("the fingerprint ignores spacing and numbers, not words")
    func fingerprint() {
        let a = FindingFingerprint.make(rule: "r", path: "p", lineText: "Créer  un\u{A0}hub", message: "line 3: “x”")
        #expect(a == FindingFingerprint.make(rule: "r", path: "p", lineText: " Créer un\u{A0}hub ", message: "line 45: “x”"))
        #expect(a != FindingFingerprint.make(rule: "r", path: "p", lineText: "Créer deux hubs", message: "line 3: “x”"))
        #expect(a.count == 16)
    }
}
