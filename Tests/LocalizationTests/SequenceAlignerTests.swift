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
