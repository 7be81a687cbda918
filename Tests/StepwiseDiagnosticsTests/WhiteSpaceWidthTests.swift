import StepwiseDiagnostics
import Testing

@Suite struct WhiteSpaceWidthTests {
    @Test("every scalar, alone and between others, is a space of its UTF-8 width exactly when it is White_Space")
    func everyScalar() {
        var spaces = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let bytes = Array("a\(Character(scalar))b".utf8)
            let expected = scalar.properties.isWhitespace ? UTF8.width(scalar) : nil
            if UTF8.whiteSpaceWidth(at: 1, in: bytes) != expected {
                Issue.record("U+\(String(value, radix: 16, uppercase: true))")
            }
            if expected != nil { spaces += 1 }
        }
        #expect(spaces == 25)
        // A sequence cut at the end of the bytes is no space.
        #expect(UTF8.whiteSpaceWidth(at: 0, in: Array("\u{3000}".utf8).dropLast()) == nil)
    }
}
