import StepwiseDiagnostics
import Testing

@Suite struct ConcatenatedTests {
    static let inputs: [[String]] = [
        [], [""], ["one"], ["", "", ""], ["a", "", "bc"],
        ["fr-fr/a.md:1:1: warning: é\n", "es-es/b.md:2:3: warning: ñ 日本 🙂\n", "\r\n", "z"],
        Array(repeating: "0123456789abcdef", count: 4_096),
    ]

    @Test("strings concatenated at their size equal the strings joined", arguments: inputs)
    func concatenated(_ parts: [String]) {
        let joined = parts.concatenated()
        #expect(joined == parts.joined())
        #expect(Array(joined.utf8) == parts.flatMap { Array($0.utf8) }, "byte for byte")
        #expect(joined.utf8.count == parts.reduce(0) { $0 + $1.utf8.count })
    }

    @Test("a separator byte goes between two strings, or after each when terminated", arguments: inputs)
    func separated(_ parts: [String]) {
        #expect(parts.concatenated(separator: 0x20) == parts.joined(separator: " "))
        #expect(parts.concatenated(separator: 0, terminated: true) == parts.map { $0 + "\0" }.joined())
        #expect(Array(parts.concatenated(separator: 0x0A, terminated: true).utf8) == parts.flatMap { Array($0.utf8) + [0x0A] })
    }

    @Test("bytes handed in parts make the string of exactly those bytes")
    func assembling() {
        let parts: [[UInt8]] = [Array("ça ".utf8), [], Array("va\n".utf8)]
        let text = String(assembling: parts.reduce(0) { $0 + $1.count }) { append in
            for part in parts { part.withUnsafeBufferPointer(append) }
        }
        #expect(text == "ça va\n")
    }
}
