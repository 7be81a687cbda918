import StepwiseDiagnostics
import Testing

@Suite struct ConcatenatedTests {
    @Test("strings concatenated at their size equal the strings joined", arguments: [
        [String](), [""], ["one"], ["", "", ""], ["a", "", "bc"],
        ["fr-fr/a.md:1:1: warning: é\n", "es-es/b.md:2:3: warning: ñ 日本 🙂\n", "\r\n", "z"],
        Array(repeating: "0123456789abcdef", count: 4_096),
    ])
    func concatenated(_ parts: [String]) {
        let joined = parts.concatenated()
        #expect(joined == parts.joined())
        #expect(joined.utf8.count == parts.reduce(0) { $0 + $1.utf8.count })
    }
}
