import StepwiseDiagnostics
import Testing

/// `fastLowercased()` must give the very bytes `lowercased()` gives: every scalar of the Basic
/// Multilingual Plane's first blocks (Latin, Greek, Cyrillic, Armenian, …), supplementary letters,
/// and the special mappings (İ, the Kelvin sign, titlecase digraphs, final sigma, ẞ).
@Suite struct FastLowercaseTests {
    static let texts: [String] = ["ΟΔΟΣ ΣΑΣ", "İstanbul", "\u{212A}elvin", "ǅ ǈ ǋ", "ẞ STRASSE", "Créez l'ÉTAPE", "e\u{301}É\u{301}", "", "ASCII Only 123"]
        + stride(from: 0, to: 0x3000, by: 64).map { start in String(String.UnicodeScalarView((start..<start + 64).compactMap(Unicode.Scalar.init))) }
        + [String(String.UnicodeScalarView((0x10400..<0x10500).compactMap(Unicode.Scalar.init)))]

    @Test("the bytes lowercased() gives", arguments: texts)
    func sameBytes(_ text: String) {
        #expect(Array(text.fastLowercased().utf8) == Array(text.lowercased().utf8))
        let middle = text.dropFirst(text.count / 3)
        #expect(Array(middle.fastLowercased().utf8) == Array(middle.lowercased().utf8))
    }
}

/// The shortcut `fastLowercased()` takes for a scalar that does not change when lower-cased.
@Suite struct LowercaseShortcutTests {
    @Test("every scalar that does not change when lower-cased is its own lower-case mapping")
    func unchangedScalars() {
        var unchanged = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenLowercased else { continue }
            unchanged += 1
            if scalar.properties.lowercaseMapping.unicodeScalars.elementsEqual([scalar]) { continue }
            Issue.record("U+\(String(value, radix: 16, uppercase: true)) maps to \(scalar.properties.lowercaseMapping.debugDescription)")
        }
        #expect(unchanged > 1_000_000)
    }
}
