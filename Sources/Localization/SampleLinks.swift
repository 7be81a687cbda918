/// Which sample of the source is paired with which of the target, by section and step.
struct SampleLinks {
    var pairs: [(source: SampleReference, target: SampleReference)]

    init(pairs: [SequenceAligner.Pair], source: [LocatedSample], target: [LocatedSample]) {
        self.pairs = pairs.compactMap { pair in
            guard let s = pair.source, let t = pair.target else { return nil }
            return (source[s].reference, target[t].reference)
        }
    }

    /// The share of samples linking the two sections (or steps within them): 0…1.
    func share(sourceSection: Int, targetSection: Int, sourceStep: Int? = nil, targetStep: Int? = nil,
               sourceCount: Int, targetCount: Int) -> Double {
        let shared = pairs.filter {
            $0.source.section == sourceSection && $0.target.section == targetSection
                && (sourceStep == nil || $0.source.step == sourceStep) && (targetStep == nil || $0.target.step == targetStep)
        }.count
        let largest = max(sourceCount, targetCount)
        return largest == 0 ? 0 : Double(shared) / Double(largest)
    }
}
