import TutorialModel

/// Pairs the steps of two aligned sections by shared samples and named terms, keeping order.
struct StepMatcher {
    var links: SampleLinks

    func match(_ source: Tutorial, _ s: SectionReference, _ target: Tutorial, _ t: SectionReference)
        -> [TutorialAlignment.StepPair]
    {
        let sourceSteps = source.sections[s.index].steps, targetSteps = target.sections[t.index].steps
        let pairs = SequenceAligner(threshold: 0.04).align(sourceCount: sourceSteps.count, targetCount: targetSteps.count) { i, j in
            let a = sourceSteps[i], b = targetSteps[j]
            let share = links.share(
                sourceSection: s.index, targetSection: t.index, sourceStep: a.ordinal, targetStep: b.ordinal,
                sourceCount: a.code.count, targetCount: b.code.count)
            let terms = AnchorSet(a.terms + a.code.compactMap(\.file)).similarity(to: AnchorSet(b.terms + b.code.compactMap(\.file)))
            return 0.05 + 0.6 * share + 0.35 * terms
        }
        return pairs.map { pair in
            TutorialAlignment.StepPair(
                source: pair.source.map { StepReference(section: s.index, ordinal: sourceSteps[$0].ordinal, path: sourceSteps[$0].origin.path, line: sourceSteps[$0].line) },
                target: pair.target.map { StepReference(section: t.index, ordinal: targetSteps[$0].ordinal, path: targetSteps[$0].origin.path, line: targetSteps[$0].line) })
        }
    }
}
