public import TutorialModel

/// What changed between two editions or locales of a tutorial: sections, steps and code samples
/// added, removed or changed, with token diffs of changed samples.
public struct TutorialDiff: Hashable, Sendable, Codable {
    public static let schema = "stepwise.diff/1"

    public enum Change: String, Hashable, Sendable, Codable {
        case added, removed, changed
    }

    public struct SectionChange: Hashable, Sendable, Codable {
        public var change: Change
        public var old: SectionReference?
        public var new: SectionReference?
        /// Steps and samples in the old and new section.
        public var steps: [Int]
        public var samples: [Int]
    }

    public struct StepChange: Hashable, Sendable, Codable {
        public var change: Change
        public var old: StepReference?
        public var new: StepReference?
    }

    public struct SampleChange: Hashable, Sendable, Codable {
        public var change: Change
        public var old: SampleReference?
        public var new: SampleReference?
        public var classification: SampleClassification
        public var changes: [TokenChange]
    }

    public var schema = TutorialDiff.schema
    public var old: DocumentReference
    public var new: DocumentReference
    public var sections: [SectionChange]
    public var steps: [StepChange]
    public var samples: [SampleChange]

    public init(old: Tutorial, new: Tutorial, aligner: TutorialAligner = TutorialAligner()) {
        let alignment = aligner.align(source: old, target: new)
        self.old = alignment.source
        self.new = alignment.target
        samples = alignment.samples.compactMap(Self.sampleChange)
        steps = alignment.steps.compactMap { pair in
            switch (pair.source, pair.target) {
            case (nil, let new?): StepChange(change: .added, old: nil, new: new)
            case (let old?, nil): StepChange(change: .removed, old: old, new: nil)
            default: nil
            }
        }
        let changedSamples = samples
        sections = alignment.sections.compactMap { pair in
            Self.sectionChange(pair, old: old, new: new, samples: changedSamples)
        }
    }

    private static func sampleChange(_ pair: TutorialAlignment.SamplePair) -> SampleChange? {
        let verdict = pair.verdict
        switch verdict.classification {
        case .identical: return nil
        case .extra: return SampleChange(change: .added, old: nil, new: pair.target, classification: .extra, changes: [])
        case .missing: return SampleChange(change: .removed, old: pair.source, new: nil, classification: .missing, changes: [])
        default:
            return SampleChange(change: .changed, old: pair.source, new: pair.target, classification: verdict.classification, changes: verdict.changes)
        }
    }

    private static func sectionChange(_ pair: TutorialAlignment.SectionPair, old: Tutorial, new: Tutorial, samples: [SampleChange]) -> SectionChange? {
        let oldSection = pair.source.map { old.sections[$0.index] }, newSection = pair.target.map { new.sections[$0.index] }
        let steps = [oldSection?.steps.count ?? 0, newSection?.steps.count ?? 0]
        let counts = [oldSection.map(SectionMatcher.sampleCount) ?? 0, newSection.map(SectionMatcher.sampleCount) ?? 0]
        switch (pair.source, pair.target) {
        case (nil, let target?): return SectionChange(change: .added, old: nil, new: target, steps: steps, samples: counts)
        case (let source?, nil): return SectionChange(change: .removed, old: source, new: nil, steps: steps, samples: counts)
        case (let source?, let target?):
            let touched = samples.contains { $0.old?.section == source.index || $0.new?.section == target.index }
            guard touched || steps[0] != steps[1] || (old.locale == new.locale && source.title != target.title) else { return nil }
            return SectionChange(change: .changed, old: source, new: target, steps: steps, samples: counts)
        default: return nil
        }
    }
}
