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

    @Test("lines split on newlines; CR before a newline is dropped; the last line may lack a newline")
    func lines() throws {
        #expect(try SourceFile.decodeLines(Data("a\r\nb\n\nc".utf8), path: "x.md") == ["a", "b", "", "c"])
        #expect(try SourceFile.decodeLines(Data("a\n".utf8), path: "x.md") == ["a"])
    }
}
