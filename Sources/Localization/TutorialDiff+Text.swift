extension TutorialDiff {
    /// A readable report: `+` added, `-` removed, `~` changed, token diffs indented below samples.
    public func text() -> String {
        var lines = ["diff \(old.path) → \(new.path)"]
        lines.append("sections: \(count(sections.map(\.change))); steps: \(count(steps.map(\.change))); code samples: \(count(samples.map(\.change)))")
        for section in sections { lines.append(describe(section)) }
        for step in steps { lines.append(describe(step)) }
        for sample in samples { lines += describe(sample) }
        return lines.joined(separator: "\n") + "\n"
    }

    private func count(_ changes: [Change]) -> String {
        [Change.added, .removed, .changed].map { kind in "\(changes.filter { $0 == kind }.count) \(kind.rawValue)" }
            .joined(separator: ", ")
    }

    private func describe(_ section: SectionChange) -> String {
        switch section.change {
        case .added: return "+ section “\(section.new?.title ?? "")” (\(place(section.new)))"
        case .removed: return "- section “\(section.old?.title ?? "")” (\(place(section.old)))"
        case .changed:
            let renamed = section.old?.title == section.new?.title ? "" : " (was “\(section.old?.title ?? "")”)"
            return "~ section “\(section.new?.title ?? "")”\(renamed) (\(place(section.new))): steps \(section.steps[0]) → \(section.steps[1]), code samples \(section.samples[0]) → \(section.samples[1])"
        }
    }

    private func describe(_ step: StepChange) -> String {
        if let new = step.new { return "+ step \(new.ordinal) (\(new.path):\(new.line))" }
        guard let old = step.old else { return "" }
        return "- step \(old.ordinal) (\(old.path):\(old.line))"
    }

    private func describe(_ sample: SampleChange) -> [String] {
        switch sample.change {
        case .added: return ["+ code \(label(sample.new)) (\(range(sample.new)))"]
        case .removed: return ["- code \(label(sample.old)) (\(range(sample.old)))"]
        case .changed:
            var lines = ["~ code \(label(sample.new)) (\(range(sample.old)) → \(range(sample.new))): \(sample.classification.rawValue)"]
            for change in sample.changes {
                if !change.source.isEmpty { lines.append("    - \(sample.old?.path ?? old.path):\(change.sourceLine): \(change.source)") }
                if !change.translation.isEmpty { lines.append("    + \(sample.new?.path ?? new.path):\(change.translationLine): \(change.translation)") }
            }
            return lines
        }
    }

    private func label(_ sample: SampleReference?) -> String {
        guard let sample else { return "" }
        return (sample.file.map { $0 + " " } ?? "") + "[\(sample.language)]"
    }

    private func place(_ section: SectionReference?) -> String {
        section.map { "\($0.path):\($0.line)" } ?? ""
    }

    private func range(_ sample: SampleReference?) -> String {
        sample.map { "\($0.path):\($0.line)-\($0.endLine)" } ?? ""
    }
}
