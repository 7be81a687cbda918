import StepwiseDiagnostics
import Testing

/// Lines split by bytes must be the lines `split` by characters gives: a CR LF pair is one
/// character and is not split; a line feed before a combining mark still is.
@Suite struct LineFeedSlicesTests {
    static let texts = [
        "", "\n", "\n\n", "a", "a\n", "a\nb", "a\r\nb\r\n", "a\rb\nc", "\r\n\n\r", "a\n\u{301}b", "é\ncafé\n日本\n",
        "| a | b |\n|---|---|\n| 1 | 2 |", "x\r\r\ny\n\r\n", "🙂\n🙂\r\n", "\u{85}\n\u{2028}\n",
    ]

    @Test("the same lines, at the same indices, as splitting by characters", arguments: texts)
    func sameLines(_ text: String) {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false)
        let found = text.lineFeedSlices()
        #expect(found == expected)
        #expect(found.map(\.startIndex) == expected.map(\.startIndex))
    }
}
