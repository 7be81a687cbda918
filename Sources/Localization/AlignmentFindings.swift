import TutorialModel

/// Turns the sample pairs of an alignment into findings at the translation's lines.
struct AlignmentFindings {
    var alignment: TutorialAlignment
    var locale: String
    /// One finding per changed sample instead of one per difference (for older editions).
    var summarizeDrift = false

    func findings() -> [Finding] {
        alignment.samples.flatMap(findings(for:))
    }

    private func findings(for pair: TutorialAlignment.SamplePair) -> [Finding] {
        let verdict = pair.verdict
        switch (pair.source, pair.target) {
        case (let source?, let target?):
            return paired(verdict, source, target)
        case (let source?, nil):
            let place = targetPlace(forMissing: source)
            return [Finding(
                rule: .codeMissing, path: place.path, line: place.line,
                message: "code sample missing: the source has \(describe(source)) here", locale: locale,
                source: pointer(source), fix: verdict.repair)]
        case (nil, let target?):
            return [Finding(
                rule: .codeExtra, path: target.path, line: target.line,
                message: "code sample \(describe(target)) has no counterpart in the source", locale: locale)]
        default:
            return []
        }
    }

    private func paired(_ verdict: SampleVerdict, _ source: SampleReference, _ target: SampleReference) -> [Finding] {
        if let referenced = referenceDrift(verdict, source, target) { return [referenced] }
        switch verdict.classification {
        case .identical, .missing, .extra:
            return []
        case .whitespace:
            return [Finding(rule: .codeWhitespace, path: target.path, line: target.line,
                            message: "code sample \(describe(target)) differs from the source in layout only",
                            locale: locale, source: pointer(source), fix: verdict.repair)]
        case .comments:
            return [Finding(rule: .codeComments, path: target.path, line: target.line,
                            message: "code sample \(describe(target)): code matches the source; \(verdict.changedComments) comment(s) differ",
                            locale: locale, source: pointer(source), fix: verdict.repair)]
        case .damaged:
            return [damaged(verdict, source, target)]
        case .drift where summarizeDrift:
            let first = verdict.changes[0]
            return [Finding(rule: .codeDrift, path: target.path, line: target.line,
                            message: "code sample \(describe(target)) differs from the source in \(verdict.changes.count) place(s); first at line \(first.translationLine): \(show(first.source)) became \(show(first.translation))\(context(target))",
                            locale: locale, source: pointer(source), fix: verdict.repair, diff: verdict.changes)]
        case .drift:
            return verdict.changes.map { change in
                Finding(rule: .codeDrift, path: target.path, line: change.translationLine,
                        message: "code differs from the source (\(source.path):\(change.sourceLine)): \(show(change.source)) became \(show(change.translation))\(context(target))",
                        locale: locale, source: Finding.SourcePointer(path: source.path, line: change.sourceLine),
                        fix: verdict.repair, diff: [change])
            }
        }
    }

    /// A `code-ref-drift` finding when either sample is pulled from a code file and the code the
    /// translation shows differs from the source's in anything but layout: the reference itself
    /// (file, range, region) is what to fix, at its line, not the lines of a file it only points to.
    private func referenceDrift(_ verdict: SampleVerdict, _ source: SampleReference, _ target: SampleReference) -> Finding? {
        guard source.codeReference != nil || target.codeReference != nil else { return nil }
        switch verdict.classification {
        case .identical, .whitespace, .missing, .extra: return nil
        case .comments, .damaged, .drift: break
        }
        let shown = { (sample: SampleReference) in sample.codeReference.map { "code from \($0)" } ?? "an inline sample" }
        let difference = verdict.changes.first.map {
            "the code differs in \(verdict.changes.count) place(s), first \(show($0.source)) became \(show($0.translation))"
        } ?? "the comments differ"
        return Finding(
            rule: .codeReferenceDrift, path: target.path, line: target.line,
            message: "code reference shows \(shown(target)), the source shows \(shown(source)); \(difference)",
            locale: locale, source: pointer(source), fix: "reference the source's code (\(source.codeReference ?? "the source's sample"))")
    }

    private func damaged(_ verdict: SampleVerdict, _ source: SampleReference, _ target: SampleReference) -> Finding {
        let damage = verdict.damage
        let recovered = damage?.recovered == true
        let outcome = verdict.codeMatchesSource
            ? (recovered ? "the recovered code matches the source token for token" : "the repaired code matches the source")
            : "\(verdict.changes.count) difference(s) from the source remain; the proposed repair is the source code"
        let kind = damage?.kind.rawValue ?? "damaged"
        return Finding(
            rule: .codeDamaged, severity: damage?.kind == .machineTranslated ? .error : .warning,
            path: target.path, line: target.line,
            message: "code sample \(describe(target)) is damaged (\(kind)): \(damage?.detail ?? ""); \(outcome)",
            locale: locale, source: pointer(source), fix: verdict.repair, diff: verdict.changes.isEmpty ? nil : verdict.changes)
    }

    /// Where a missing sample should be: the translation's step aligned with the source's step.
    private func targetPlace(forMissing source: SampleReference) -> (path: String, line: Int) {
        if let step = alignment.steps.first(where: { $0.source?.section == source.section && $0.source?.ordinal == source.step })?.target {
            return (step.path, step.line)
        }
        if let section = alignment.sections.first(where: { $0.source?.index == source.section })?.target {
            return (section.path, section.line)
        }
        return (alignment.target.path, 1)
    }

    /// Names the document for a sample that lives in an include several documents share.
    private func context(_ sample: SampleReference) -> String {
        sample.path == alignment.target.path ? "" : " (included by \(alignment.target.path))"
    }

    private func describe(_ sample: SampleReference) -> String {
        "(\(sample.language)\(sample.file.map { ", " + $0 } ?? ""), lines \(sample.line)–\(sample.endLine))"
    }

    private func pointer(_ sample: SampleReference) -> Finding.SourcePointer {
        Finding.SourcePointer(path: sample.path, line: sample.line)
    }

    private func show(_ tokens: String) -> String {
        tokens.isEmpty ? "(nothing)" : "`\(tokens)`"
    }
}
