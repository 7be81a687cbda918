@testable import DocFXDialect
import Foundation
import Testing

@Suite struct SourceLinesTests {
    @Test("compact lines read back as the lines they were made from, empty and non-ASCII ones too")
    func readsBackLines() {
        let lines = ["# Titre", "", "Créez une ressource — étape 1 🚀", "    code", "", "fin"]
        let compact = SourceLines(lines)
        #expect(compact.count == lines.count)
        #expect(Array(compact) == lines)
        #expect(compact[2] == "Créez une ressource — étape 1 🚀")
        #expect(compact[compact.count - 1] == "fin")
        #expect(SourceLines([String]()).isEmpty)
    }

    @Test("compact lines are equal exactly when their lines are: a line boundary moved is a difference")
    func equality() {
        #expect(SourceLines(["ab", "c"]) == ["ab", "c"])
        #expect(SourceLines(["ab", "c"]) != ["a", "bc"])
        #expect(SourceLines(["ab", "c"]) != ["ab", "c", ""])
    }

    @Test("compared and hashed by bytes, two spellings of one text differ (equality says they are equal)")
    func bytes() {
        // Two marks in either order: one text to `==` (canonical order), as many bytes, other bytes.
        let composed = SourceLines(["a\u{301}\u{316}", "x"]), decomposed = SourceLines(["a\u{316}\u{301}", "x"])
        #expect(composed == decomposed)
        #expect(!composed.sameBytes(as: decomposed))
        #expect(composed.sameBytes(as: SourceLines(["a\u{301}\u{316}", "x"])))
        #expect(!composed.sameBytes(as: SourceLines(["a\u{301}\u{316}x"])), "a line boundary moved")
        func hash(_ lines: SourceLines) -> Int {
            var hasher = Hasher()
            lines.hashBytes(into: &hasher)
            return hasher.finalize()
        }
        #expect(hash(composed) == hash(SourceLines(["a\u{301}\u{316}", "x"])))
        #expect(hash(composed) != hash(decomposed))
    }

    @Test("a file read from disk has the same lines as strings and compactly, whatever its line endings")
    func fileLines() throws {
        let data = Data("\u{FEFF}# Titre\r\nÉtape\rfin\n\n".utf8)
        let lines = try SourceFile.decodeLines(data, path: "a.md")
        #expect(lines == ["# Titre", "Étape", "fin", ""])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("source-lines-\(UUID().uuidString).md")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try SourceFile.read(url, displayPath: "a.md")
        #expect(file.lines == lines)
        #expect(Array(file.compactLines) == lines)
        #expect(file.releasingLines().lines.isEmpty && file.releasingLines().compactLines == file.compactLines)
    }
}
