import Foundation
import StepwiseDiagnostics
import Testing

/// `LiteralSet.contained(in:)` answers for every literal at once what `String.contains` answers for
/// each: the byte search (`ByteSearchTests`) is the oracle.
@Suite struct LiteralSetTests {
    static func expected(_ literals: [String], in text: String) -> [Bool] {
        literals.map { text.contains($0) }
    }

    @Test("words, phrases, accents, one-byte and empty literals, repeated and overlapping ones, in native and bridged text")
    func crafted() {
        let literals = ["replace", "ersetz", "remplac", "add", "ajout", "a", "é", "e\u{301}", "fügen sie ", "mettre à jour", "", "aa", "add", "日本", "z", "\n"]
        let texts = [
            "", "a", "z", "Replace the section", "replace", "remplacez le fichier", "ajoutez une ligne à la fin", "fügen sie den code ein",
            "mettre à jour le paquet", "e\u{301}té", "été", "aaa", "ad", "dd", "日本語", "une\nligne", "x" + String(repeating: "ersetz", count: 40),
            "padd", "add", "ersetze", "erset", "ersetzen und ajouter et remplacer",
        ]
        let set = LiteralSet(literals)
        #expect(set.count == literals.count)
        var found = 0
        for text in texts {
            let expected = Self.expected(literals, in: text)
            #expect(set.contained(in: text) == expected, "\(text)")
            #expect(set.contained(in: String(NSString(string: text))) == expected, "bridged \(text)")
            #expect(set.contained(in: String(("#" + text).dropFirst())) == expected, "sliced \(text)")
            found += expected.filter { $0 }.count
        }
        #expect(found > 20)
        // The search stops once every literal is found, not before; a literal never reads past the text's end.
        #expect(LiteralSet(["ab", "cd", "ef"]).contained(in: "ab cd ef") == [true, true, true])
        #expect(LiteralSet(["ab", "cd"]).contained(in: "cd ab") == [true, true])
        #expect(LiteralSet(["z\u{0}", "z"]).contained(in: "z") == [false, true])
        #expect(LiteralSet([]).contained(in: "text") == [])
        #expect(LiteralSet([""]).contained(in: "") == [false])
    }

    /// Every text of up to 6 bytes over `a`, `b` and `é` against every literal set of that alphabet's
    /// words of up to 3 (one-byte literals, literals sharing a first byte, a literal at the very end).
    @Test("every short text over a small alphabet, against String.contains")
    func exhaustive() {
        let literals = ByteSearchTests.strings(upTo: 3)
        let set = LiteralSet(literals)
        var found = 0
        for text in ByteSearchTests.strings(upTo: 5) + ["aab aba abb", "ééaé aéé"] {
            let expected = Self.expected(literals, in: text)
            #expect(set.contained(in: text) == expected, "\(text)")
            found += expected.filter { $0 }.count
        }
        #expect(found > 1_000)
    }

    /// Each line of the bundled English and French documents, against every word of a vocabulary.
    @Test("the bundled documents' lines, against String.contains")
    func documents() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let content = root.appendingPathComponent("content")
        let files = try FileManager.default.subpathsOfDirectory(atPath: content.path).filter { $0.hasSuffix(".md") }
        let literals = ["replace", "ersetz", "insert", "einfüg", "insér", "update", "mettre à jour", "add", "hinzu", "ajout", "create", "créer", "the ", "](", "```", "é", "ß"]
        let set = LiteralSet(literals)
        var lines = 0, found = 0
        for file in files {
            for line in try String(contentsOf: content.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                let text = line.lowercased()
                let expected = Self.expected(literals, in: text)
                #expect(set.contained(in: text) == expected, "\(file): \(text)")
                lines += 1
                found += expected.filter { $0 }.count
            }
        }
        #expect(files.count >= 5)
        #expect(lines > 1_000)
        #expect(found > 500)
    }
}
