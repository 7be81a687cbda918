public import TutorialModel

/// Page-level staleness of a translation: the source date and revision it records, and whether it
/// has the source's structure (sections, steps, code samples, include targets).
public struct PageComparison: Sendable {
    public init() {}

    public func compare(source: Tutorial, target: Tutorial, targetFile: CheckedFile) -> [Finding] {
        var findings: [Finding] = []
        let pointer = Finding.SourcePointer(path: source.source, line: 1)
        if let theirs = target.metadata.date, let ours = source.metadata.date, theirs != ours {
            findings.append(Finding(
                rule: .sourceDate, path: target.source, line: metadataLine("ms.date", in: targetFile), column: 1,
                message: "based on the source dated \(theirs); the current source \(source.source) is dated \(ours)",
                locale: target.locale, source: pointer))
        }
        for (key, theirs, ours) in [
            ("ms.openlocfilehash", target.metadata.openLocFileHash, source.metadata.openLocFileHash),
            ("ms.sourcegitcommit", target.metadata.sourceGitCommit, source.metadata.sourceGitCommit),
        ] {
            guard let theirs, let ours, theirs != ours else { continue }
            findings.append(Finding(
                rule: .sourceRevision, path: target.source, line: metadataLine(key, in: targetFile),
                message: "\(key) is \(theirs); the current source has \(ours)", locale: target.locale, source: pointer))
        }
        if let parity = parityMessage(source: source, target: target) {
            findings.append(Finding(
                rule: .structureParity, path: target.source, line: target.sections.first?.line ?? 1,
                message: parity, locale: target.locale, source: pointer))
        }
        for include in target.includes where include.fallback {
            findings.append(Finding(
                rule: .includeFallback, path: include.origin.path, line: include.origin.line,
                message: "include “\(include.name)” is not translated; readers get \(include.resolvedTo)",
                locale: target.locale, source: Finding.SourcePointer(path: include.resolvedTo, line: 1)))
        }
        return findings
    }

    /// What differs in the page structure, or nil when sections, steps, samples and includes agree.
    func parityMessage(source: Tutorial, target: Tutorial) -> String? {
        var differences: [String] = []
        let counts: [(String, Int, Int)] = [
            ("sections", source.sections.count, target.sections.count),
            ("steps", source.allSteps.count, target.allSteps.count),
            ("code samples", source.allCode.count, target.allCode.count),
        ]
        for (name, ours, theirs) in counts where ours != theirs {
            differences.append("\(theirs) \(name) (source: \(ours))")
        }
        let ourIncludes = Set(source.includes.map(\.name)), theirIncludes = Set(target.includes.map(\.name))
        if ourIncludes != theirIncludes {
            let added = theirIncludes.subtracting(ourIncludes).sorted(), dropped = ourIncludes.subtracting(theirIncludes).sorted()
            if !added.isEmpty { differences.append("includes \(added.joined(separator: ", ")) that the source does not") }
            if !dropped.isEmpty { differences.append("lacks the source's includes \(dropped.joined(separator: ", "))") }
        }
        return differences.isEmpty ? nil : "structure differs from the source: " + differences.joined(separator: "; ")
    }

    private func metadataLine(_ key: String, in file: CheckedFile) -> Int {
        for range in file.frontMatter {
            for line in range where line <= file.lines.count && file.lines[line - 1].contains(key) { return line }
        }
        return 1
    }
}
