@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

@Suite struct SourceFileTests {
    private func failure(_ bytes: [UInt8]) -> StepwiseError? {
        do {
            _ = try SourceFile.decodeLines(Data(bytes), path: "bad.md")
            return nil
        } catch {
            return error
        }
    }

    @Test("an empty or blank file is refused")
    func emptyFile() {
        #expect(failure([])?.description == "bad.md:1:1: error: file is empty")
        #expect(failure(Array(" \n\n".utf8))?.diagnostic.id == "file-empty")
    }

    @Test("a NUL byte is refused at its line and column")
    func nulByte() {
        #expect(failure(Array("# T\nab".utf8) + [0])?.description == "bad.md:2:3: error: file contains a NUL byte; is it a binary file?")
    }

    @Test("invalid UTF-8 is refused at its line and column")
    func invalidUTF8() {
        #expect(failure(Array("# T\n\nxy".utf8) + [0xC3, 0x28])?.description == "bad.md:3:3: error: invalid UTF-8 byte sequence")
        #expect(failure([0x41, 0xED, 0xA0, 0x80])?.diagnostic.id == "file-invalid-utf8")
    }

    @Test("the first bad UTF-8 byte or NUL is found wherever it falls among eight-byte ASCII words, as the standard library validates")
    func badBytePositions() {
        let tails: [[UInt8]] = [[0xC3], [0xC3, 0x28], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80], [0xFF], [0x80], [0xC0, 0x80]]
        let fine: [UInt8] = Array("é€😀".utf8)
        for prefixLength in 0...19 {
            for tail in tails {
                // ASCII (and a valid multi-byte run when the prefix is long), then the bad sequence, then ASCII.
                var bytes = Array(repeating: UInt8(ascii: "a"), count: prefixLength)
                if prefixLength > 12 { bytes.replaceSubrange(2..<(2 + fine.count), with: fine) }
                let bad = bytes.count
                bytes += tail + Array("zzzzzzzzzzzzzzzz".utf8)
                #expect(SourceFile.firstInvalidUTF8(bytes) == bad, "\(prefixLength) \(tail)")
                #expect(String(validating: bytes, as: UTF8.self) == nil)
            }
            var valid = Array(repeating: UInt8(ascii: "a"), count: prefixLength) + fine + Array("bcdefghij".utf8)
            #expect(SourceFile.firstInvalidUTF8(valid) == nil)
            #expect(SourceFile.firstNUL(valid) == nil)
            valid.insert(0, at: prefixLength)
            #expect(SourceFile.firstNUL(valid) == prefixLength)
        }
    }

    @Test("lines split on newlines; CR before a newline is dropped; the last line may lack a newline")
    func lines() throws {
        #expect(try SourceFile.decodeLines(Data("a\r\nb\n\nc".utf8), path: "x.md") == ["a", "b", "", "c"])
        #expect(try SourceFile.decodeLines(Data("a\n".utf8), path: "x.md") == ["a"])
    }

    @Test("lines end at LF, CR LF and a lone CR wherever those fall among the bytes read eight at a time")
    func lineEndingsAtEveryOffset() throws {
        for ending in ["\n", "\r\n", "\r"] {
            for length in 0...17 {
                let line = String(repeating: "a", count: length)
                let text = line + ending + "é" + line + ending + ending + "z" + line
                #expect(try SourceFile.decodeLines(Data(text.utf8), path: "x.md") == [line, "é" + line, "", "z" + line], "\(length) \(ending.debugDescription)")
            }
        }
    }

    /// `read` validates a file with the standard library and skips `firstInvalidUTF8` when that
    /// passes: the two must reject the same bytes. Every sequence of a lead byte and up to three
    /// bytes from the edges of the UTF-8 ranges, after ASCII.
    @Test("the standard library's validation and firstInvalidUTF8 reject the same byte sequences")
    func validatorsAgree() {
        let edges: [UInt8] = [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE,
                              0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
        var checked = 0, valid = 0
        for a in edges {
            for b in edges {
                for c in edges {
                    for d in [0x80, 0xBF, 0x41] as [UInt8] {
                        let bytes = Array("ab".utf8) + [a, b, c, d]
                        let standard = String(validating: bytes, as: UTF8.self) != nil
                        #expect(standard == (SourceFile.firstInvalidUTF8(bytes) == nil), "\(bytes)")
                        checked += 1
                        if standard { valid += 1 }
                    }
                }
            }
        }
        #expect(valid > 500 && valid < checked)
    }

    @Test("a file read has the lines of its bytes: a byte-order mark, CR LF, a lone CR and non-ASCII text")
    func readLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-read-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "\u{FEFF}# Título\r\nÉtape 1 : café\rligne e\u{301}\n\n日本語 🙂\n"
        let url = folder.appendingPathComponent("a.md")
        try Data(text.utf8).write(to: url)
        let file = try SourceFile.read(url, displayPath: "a.md")
        let expected = ["# Título", "Étape 1 : café", "ligne e\u{301}", "", "日本語 🙂"]
        #expect(file.lines == expected)
        #expect(Array(file.compactLines) == expected)
        #expect(file.lines.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        #expect(file.compactLines == SourceLines(expected) && file.compactLines.map { Array($0.utf8) } == expected.map { Array($0.utf8) })
        try Data([0x41, 0x0A, 0xC3, 0x28]).write(to: url)
        #expect(throws: StepwiseError.self) { try SourceFile.read(url, displayPath: "a.md") }
    }
}

/// A file read for its header only (`SourceFile.read(_:displayPath:headerOnly:)`, what source pairing
/// reads of a source not loaded) gives `MetadataReader` the header the whole file gives it.
@Suite struct HeaderOnlyReadTests {
    private func both(_ url: URL) throws -> (whole: SourceFile, header: SourceFile) {
        (try SourceFile.read(url, displayPath: url.lastPathComponent), try SourceFile.read(url, displayPath: url.lastPathComponent, headerOnly: true))
    }

    private func expectSameHeader(_ url: URL) throws {
        let (whole, header) = try both(url)
        let (wholeMetadata, wholeProblem) = MetadataReader.readLeniently(whole)
        let (headerMetadata, headerProblem) = MetadataReader.readLeniently(header)
        #expect(headerMetadata == wholeMetadata, "\(url.path)")
        #expect(headerProblem?.description == wholeProblem?.description, "\(url.path)")
        #expect(Array(whole.lines.prefix(header.lines.count)) == header.lines, "\(url.path): a prefix of the lines")
        #expect(Array(header.compactLines) == header.lines, "\(url.path): the compact lines are the lines kept")
    }

    @Test("every document of the bundled content and the corpus sample: the same metadata, from the lines through its front matter")
    func realDocuments() throws {
        let roots = [RepositoryFiles.content, RepositoryFiles.root.appendingPathComponent("Tests/TutorialModelTests/CorpusSample/content")]
        var files = 0, shortened = 0
        for root in roots {
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "md" else { continue }
                try expectSameHeader(url)
                let (whole, header) = try both(url)
                files += 1
                if header.lines.count < whole.lines.count { shortened += 1 }
            }
        }
        #expect(files > 20 && shortened > files / 2, "\(shortened) of \(files) read short")
    }

    @Test("crafted headers: closed by --- or ..., never closed, opened after a blank line, <properties> and <tags>, CRLF, a byte-order mark, invalid YAML",
          arguments: [
              "---\ntitle: A\nms.assetid: x\n---\n# Body\n\n---\n\nmore\n",
              "---\ntitle: A\n...\nbody\n",
              "---\ntitle: never closed\nms.assetid: y\n\n# Body\n",
              "\n---\ntitle: A\n---\nbody\n",
              "<properties pageTitle=\"P\" description=\"d\" services=\"s\"/>\n<tags ms.service=\"s\" ms.date=\"01/02/2016\"/>\n\n# Body\n---\n",
              "---\r\ntitle: CRLF\r\nms.assetid: z\r\n---\r\n# Body\r\n",
              "\u{FEFF}---\ntitle: BOM\n---\nbody\n",
              "---\ntitle: [unclosed\n  - a: b: c\n---\nbody\n",
              "  ---  \ntitle: spaced\n ---\nbody\n",
          ])
    func crafted(text: String) throws {
        let folder = try TemporaryDirectory()
        try folder.write("page.md", text)
        try expectSameHeader(folder.url.appendingPathComponent("page.md"))
    }

    @Test("a closed front matter keeps its lines only; a file whose header is not one keeps every line; a bad file is refused as a whole read refuses it")
    func kept() throws {
        let folder = try TemporaryDirectory()
        try folder.write("closed.md", "---\ntitle: A\n---\none\ntwo\n")
        try folder.write("properties.md", "<properties pageTitle=\"P\"/>\none\ntwo\n")
        try folder.write("nul.md", "---\ntitle: A\n---\none\u{0}\n")
        #expect(try SourceFile.read(folder.url.appendingPathComponent("closed.md"), displayPath: "closed.md", headerOnly: true).lines == ["---", "title: A", "---"])
        #expect(try SourceFile.read(folder.url.appendingPathComponent("properties.md"), displayPath: "properties.md", headerOnly: true).lines.count == 3)
        #expect(throws: StepwiseError.self) { try SourceFile.read(folder.url.appendingPathComponent("nul.md"), displayPath: "nul.md", headerOnly: true) }
    }
}
