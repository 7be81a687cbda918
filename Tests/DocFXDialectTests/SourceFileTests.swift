@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
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
}
