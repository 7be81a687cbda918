import Localization
import Testing

@Suite struct TokenDiffTests {
    @Test("equal sequences have no hunks")
    func equal() {
        #expect(TokenDiff(source: ["a", "b"], target: ["a", "b"]).isEmpty)
    }

    @Test("a single replaced token is one minimal hunk")
    func replacement() {
        let diff = TokenDiff(source: ["a", "b", "c", "d"], target: ["a", "x", "c", "d"])
        #expect(diff.hunks == [TokenDiff.Hunk(source: 1..<2, target: 1..<2)])
    }

    @Test("insertions and deletions in the middle are found by common subsequence, not by index")
    func insertionAndDeletion() {
        let diff = TokenDiff(source: ["a", "b", "c", "d", "e", "f"], target: ["a", "c", "d", "new", "e", "f"])
        #expect(diff.hunks == [
            TokenDiff.Hunk(source: 1..<2, target: 1..<1),
            TokenDiff.Hunk(source: 4..<4, target: 3..<4),
        ])
    }

    @Test("a middle larger than the limit becomes one hunk instead of a quadratic table")
    func boundedWork() {
        let source = (0..<50).map(String.init), target = (0..<50).map { "x\($0)" }
        #expect(TokenDiff(source: source, target: target, limit: 100).hunks.count == 1)
    }
}
