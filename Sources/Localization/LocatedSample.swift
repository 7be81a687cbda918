public import TutorialModel

/// A code sample with its place in the tutorial.
public struct LocatedSample: Sendable {
    public var sample: CodeSample
    public var reference: SampleReference

    /// Every sample of `tutorial`, in document order, with its place.
    public static func all(in tutorial: Tutorial) -> [LocatedSample] {
        var located: [LocatedSample] = []
        for (sectionIndex, section) in tutorial.sections.enumerated() {
            let owned = section.code.map { ($0, Int?.none) } + section.steps.flatMap { step in step.code.map { ($0, Int?.some(step.ordinal)) } }
            for (sample, step) in owned {
                let reference = SampleReference(
                    id: sample.id, section: sectionIndex, step: step, path: sample.origin.path,
                    line: sample.line, endLine: sample.endLine, language: sample.language,
                    file: sample.file ?? sample.inferredFile, include: sample.origin.include,
                    codeReference: sample.reference.map { "\($0.path):\($0.lines)" })
                located.append(LocatedSample(sample: sample, reference: reference))
            }
        }
        return located
    }

    /// The code's anchors: identifiers, literals and numbers, without comments or punctuation.
    var anchors: AnchorSet {
        AnchorSet(CodeTokenizer(language: sample.language).tokens(sample.text).lazy
            .filter { $0.kind != .comment && $0.kind != .punctuation }.map(\.text))
    }
}
