@testable import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing

/// `MetadataReader.unsafeYAML` scans the front matter byte by byte (`characterBytes`): it must refuse
/// exactly what a scan of its characters refuses, grapheme clusters and all.
@Suite struct UnsafeYAMLTests {
    static let texts = [
        "title: x\nms.assetid: 1234\n", "a: &anchor x\nb: *anchor\n", "list: [*x]\n", "- &a\n", "DBs & servers: x\n", "p: 5 * 3\n",
        "a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n", "a: '[[[[ in quotes'\n", "a: \"&x\" b\n",
        "t: café & crème\n", "t: \"Démarrage : *rapide*\"\n", ":\u{301}&x\n", "\"\u{301}&x: y\n", "a: &\u{301}\n", "a: & \u{301}x\n",
        "a: x\r\n&b: y\r\n", "a: \"open\r\nb: &c\n", "é\n&x\n", "a:\u{200D}&x\n", "\u{600}&x\n", "a: [&x, *y]\n", "a: {b: &c d}\n",
        "", "\n", "&", "*", "a: &\n", "é", "a: 'it''s' & *x\n", "a: \"é\n&b: c\n",
    ]

    @Test("the byte scan refuses what a scan of the characters refuses", arguments: texts)
    func sameAsCharacters(_ text: String) {
        #expect(MetadataReader.unsafeYAML(text) == Self.byCharacters(text), "\(text.debugDescription)")
        #expect(MetadataReader.characterBytes(text).count == text.count)
    }

    /// Each character's byte when it is one ASCII scalar, else 0xFF: what `characterBytes` shortens.
    static func byteOfEachCharacter(_ text: String) -> [UInt8] {
        text.map { $0.unicodeScalars.count == 1 ? $0.asciiValue ?? 0xFF : 0xFF }
    }

    @Test("characterBytes: one byte per character, on Latin lines read by bytes and any other by characters")
    func characterBytes() {
        let latin = ["título: Cómo crear un árbol\n", "a: ¿qué? ¡sí! «x» ½ ÿ Ā ž ǅ ʰ ˿\n", "é\u{2FF}&x\n", "x\u{AD}&y\n", "ñ\n&b\n"]
        let other = ["é\u{300}&x\n", "e\u{301}: &x\n", "é 漢 🙂\n", "a: \u{338}<\n", "ça\r\nb: é\n", "é\u{200D}x\n", "\u{600}&x"]
        for text in latin + other + Self.texts {
            #expect(MetadataReader.characterBytes(text) == Self.byteOfEachCharacter(text), "\(text.debugDescription)")
        }
        // Every scalar from U+0080 to U+0400 after an ASCII letter and before `&`, alone on its line.
        for value in 0x80...0x400 {
            let text = "title: a" + String(Character(Unicode.Scalar(value)!)) + "&b\nnext: c\n"
            #expect(MetadataReader.characterBytes(text) == Self.byteOfEachCharacter(text), "U+\(String(value, radix: 16))")
        }
    }

    @Test("anchors, aliases and deep nesting are refused; ampersands and stars in text are not")
    func refusals() {
        #expect(MetadataReader.unsafeYAML("a: &anchor x\nb: *anchor\n") == "anchors and aliases (&) are not supported in metadata")
        #expect(MetadataReader.unsafeYAML("list: [*x]\n") == "anchors and aliases (*) are not supported in metadata")
        #expect(MetadataReader.unsafeYAML("t: café & crème\nu: 5 * 3\n") == nil)
        // A combining mark makes the colon another character: no anchor follows a colon.
        #expect(MetadataReader.unsafeYAML(":\u{301}&x\n") == nil)
        #expect(MetadataReader.unsafeYAML(String(repeating: "[", count: 33)) == "nested 33 levels deep; metadata is at most a few levels")
    }

    @Test("the front matter of every bundled document and corpus sample is judged as a character scan judges it")
    func bundledDocuments() throws {
        let folders = [RepositoryFiles.content, RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")]
        let files = folders.flatMap { folder in
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "md" }
        }
        var checked = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let header = String(text.prefix(2_000))
            #expect(MetadataReader.unsafeYAML(header) == Self.byCharacters(header), "\(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    /// The scan as it read characters before it read bytes: the oracle.
    static func byCharacters(_ yaml: String) -> String? {
        var depth = 0, deepest = 0, quote: Character?
        var previous: Character = "\n"
        let characters = Array(yaml)
        for (offset, character) in characters.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" || character == "{" {
                depth += 1
                deepest = max(deepest, depth)
            } else if character == "]" || character == "}" {
                depth = max(0, depth - 1)
            } else if character == "\n" {
                quote = nil
            } else if character == "*" || character == "&", "[{,:-?\n".contains(previous),
                offset + 1 < characters.count, !" \t\n]},".contains(characters[offset + 1]) {
                return "anchors and aliases (\(character)) are not supported in metadata"
            }
            if character != " " && character != "\t" { previous = character }
        }
        return deepest > 32 ? "nested \(deepest) levels deep; metadata is at most a few levels" : nil
    }
}
