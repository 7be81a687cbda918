/// How a translation or older edition lines up with its source: sections, steps and code samples
/// paired by language-independent anchors, each sample pair classified.
public struct TutorialAlignment: Hashable, Sendable, Codable {
    public struct SectionPair: Hashable, Sendable, Codable {
        public var source: SectionReference?
        public var target: SectionReference?
    }

    public struct StepPair: Hashable, Sendable, Codable {
        public var source: StepReference?
        public var target: StepReference?
    }

    public struct SamplePair: Hashable, Sendable, Codable {
        public var source: SampleReference?
        public var target: SampleReference?
        public var verdict: SampleVerdict
    }

    public var source: DocumentReference
    public var target: DocumentReference
    public var sections: [SectionPair]
    public var steps: [StepPair]
    public var samples: [SamplePair]
}
