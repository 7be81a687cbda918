public import TutorialModel

/// Aligns a translation (or an older edition) with its source. Code samples are paired first, by
/// their code; sections and steps are then paired by the samples they share, their explicit anchors
/// and the terms their steps name — never by translated prose.
public struct TutorialAligner: Sendable {
    public var comparer: SampleComparer

    public init(comparer: SampleComparer = SampleComparer()) {
        self.comparer = comparer
    }

    public func align(source: Tutorial, target: Tutorial) -> TutorialAlignment {
        let sourceSamples = LocatedSample.all(in: source), targetSamples = LocatedSample.all(in: target)
        let samplePairs = SampleMatcher().match(sourceSamples, targetSamples)
        let links = SampleLinks(pairs: samplePairs, source: sourceSamples, target: targetSamples)
        let sectionPairs = SectionMatcher(links: links).match(source, target)
        let stepPairs = sectionPairs.flatMap { pair -> [TutorialAlignment.StepPair] in
            guard let s = pair.source, let t = pair.target else { return [] }
            return StepMatcher(links: links).match(source, s, target, t)
        }
        let samples = samplePairs.map { pair in
            TutorialAlignment.SamplePair(
                source: pair.source.map { sourceSamples[$0].reference },
                target: pair.target.map { targetSamples[$0].reference },
                verdict: verdict(pair, sourceSamples, targetSamples))
        }
        return TutorialAlignment(
            source: DocumentReference(source), target: DocumentReference(target),
            sections: sectionPairs, steps: stepPairs, samples: samples)
    }

    private func verdict(_ pair: SequenceAligner.Pair, _ source: [LocatedSample], _ target: [LocatedSample]) -> SampleVerdict {
        switch (pair.source, pair.target) {
        case (let s?, let t?):
            return comparer.compare(source: source[s].sample, translation: target[t].sample)
        case (let s?, nil):
            return SampleVerdict(classification: .missing, changes: [], changedComments: 0, damage: nil,
                                 codeMatchesSource: false, repair: source[s].sample.text)
        default:
            return SampleVerdict(classification: .extra, changes: [], changedComments: 0, damage: nil,
                                 codeMatchesSource: false, repair: nil)
        }
    }
}
