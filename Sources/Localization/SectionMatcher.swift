import StepwiseDiagnostics
import TutorialModel

/// Pairs sections by shared code samples, explicit anchors and the terms of their steps.
struct SectionMatcher {
    var links: SampleLinks

    func match(_ source: Tutorial, _ target: Tutorial) -> [TutorialAlignment.SectionPair] {
        let sourceTerms = Self.anchors(of: source), targetTerms = Self.anchors(of: target)
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

    /// Names that stay the same in every language: the terms steps set in code or bold, target
    /// files, and the file names of the images each section shows.
    static func anchors(of tutorial: Tutorial) -> [AnchorSet] {
        tutorial.sections.enumerated().map { index, section in
            var anchors = AnchorSet(section.steps.flatMap { step in step.terms + step.code.compactMap(\.file) })
            let next = tutorial.sections.dropFirst(index + 1).first { $0.origin.path == section.origin.path }?.line ?? Int.max
            for image in tutorial.images where image.placement != .code && image.origin.path == section.origin.path && (section.line..<next).contains(image.origin.line) {
                if let name = image.destination?.slashSeparatedParts().last { anchors.insert("image:" + name) }
            }
            return anchors
        }
    }

    static func reference(_ section: Section, index: Int) -> SectionReference {
        SectionReference(index: index, title: section.title, path: section.origin.path, line: section.line)
    }
}
