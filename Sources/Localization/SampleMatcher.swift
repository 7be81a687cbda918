/// Pairs code samples by the similarity of their code, keeping document order.
struct SampleMatcher {
    static let threshold = 0.35

    func match(_ source: [LocatedSample], _ target: [LocatedSample]) -> [SequenceAligner.Pair] {
        let sourceAnchors = source.map(\.anchors), targetAnchors = target.map(\.anchors)
        return SequenceAligner(threshold: Self.threshold).align(sourceCount: source.count, targetCount: target.count) { i, j in
            var score = sourceAnchors[i].similarity(to: targetAnchors[j])
            if let a = source[i].reference.file, let b = target[j].reference.file {
                score += a == b ? 0.15 : -0.15
            }
            return min(score, 1)
        }
    }
}
