import TutorialModel

/// Pairs sections by shared code samples, explicit anchors and the terms of their steps.
struct SectionMatcher {
    var links: SampleLinks

    func match(_ source: Tutorial, _ target: Tutorial) -> [TutorialAlignment.SectionPair] {
        let sourceTerms = source.sections.map(Self.terms), targetTerms = target.sections.map(Self.terms)
        let pairs = SequenceAligner(threshold: 0.04).align(
            sourceCount: source.sections.count, targetCount: target.sections.count
        ) { i, j in
            let a = source.sections[i], b = target.sections[j]
            guard a.level == b.level else { return 0 }
            if let anchorA = a.anchor, let anchorB = b.anchor, anchorA == anchorB { return 1 }
            let share = links.share(sourceSection: i, targetSection: j, sourceCount: Self.sampleCount(a), targetCount: Self.sampleCount(b))
            return 0.05 + 0.6 * share + 0.35 * sourceTerms[i].similarity(to: targetTerms[j])
        }
        return pairs.map { pair in
            TutorialAlignment.SectionPair(
                source: pair.source.map { Self.reference(source.sections[$0], index: $0) },
                target: pair.target.map { Self.reference(target.sections[$0], index: $0) })
        }
    }

    static func sampleCount(_ section: Section) -> Int {
        section.code.count + section.steps.reduce(0) { $0 + $1.code.count }
    }

    /// Names that stay the same in every language: the terms steps set in code or bold, target files.
    static func terms(_ section: Section) -> AnchorSet {
        AnchorSet(section.steps.flatMap { step in step.terms + step.code.compactMap(\.file) })
    }

    static func reference(_ section: Section, index: Int) -> SectionReference {
        SectionReference(index: index, title: section.title, path: section.origin.path, line: section.line)
    }
}
