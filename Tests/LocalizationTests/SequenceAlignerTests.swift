import Localization
import Testing

@Suite struct SequenceAlignerTests {
    @Test("an inserted item shifts the pairing instead of breaking it")
    func insertion() {
        let source = ["a", "b", "c"], target = ["a", "new", "b", "c"]
        let pairs = SequenceAligner(threshold: 0.5).align(sourceCount: 3, targetCount: 4) { source[$0] == target[$1] ? 1 : 0 }
        #expect(pairs.filter { $0.source != nil && $0.target != nil }.map { [$0.source!, $0.target!] } == [[0, 0], [1, 2], [2, 3]])
        #expect(pairs.contains(SequenceAligner.Pair(source: nil, target: 1)))
    }

    @Test("order is kept: a crossing pair is dropped rather than reordered")
    func orderPreserving() {
        let source = ["a", "b"], target = ["b", "a"]
        let pairs = SequenceAligner(threshold: 0.5).align(sourceCount: 2, targetCount: 2) { source[$0] == target[$1] ? 1 : 0 }
        #expect(pairs.filter { $0.source != nil && $0.target != nil }.count == 1)
        #expect(pairs.count == 3)
    }

    @Test("pairs below the threshold are never matched")
    func threshold() {
        let pairs = SequenceAligner(threshold: 0.5).align(sourceCount: 2, targetCount: 2) { _, _ in 0.4 }
        #expect(pairs.allSatisfy { $0.source == nil || $0.target == nil })
    }
}

@Suite struct LargeAlignmentTests {
    @Test("sequences of thousands of items align in linear time, keeping order and pairing equal items")
    func windowed() {
        let source = Array(0..<5_000)
        var target = source
        target.remove(at: 2_500)
        target.insert(-1, at: 100)
        var comparisons = 0
        let pairs = SequenceAligner(threshold: 0.5).align(sourceCount: source.count, targetCount: target.count) { i, j in
            comparisons += 1
            return source[i] == target[j] ? 1 : 0
        }
        #expect(comparisons < 100_000, "linear in the counts, not the 25 million pairs of the exact alignment")
        let paired = pairs.compactMap { pair in pair.source.flatMap { s in pair.target.map { (s, $0) } } }
        #expect(paired.count == 4_999)
        #expect(paired.allSatisfy { source[$0.0] == target[$0.1] })
        #expect(pairs.contains(SequenceAligner.Pair(source: 2_500, target: nil)))
        #expect(pairs.contains(SequenceAligner.Pair(source: nil, target: 100)))
        #expect(pairs.compactMap(\.source) == Array(source.indices), "every source item once, in order")
    }
}
