import Localization
import Site
import TutorialModel

/// The site's verification badges and drift report, from the drift checks' alignments and findings.
struct DriftVerifications {
    var report: CheckReport
    var tutorials: [Tutorial]
    var defaultLocale: String
    var sourceEdition: String

    /// One verification per code sample of every tutorial.
    func verifications() -> [SampleKey: SampleVerification] {
        var result: [SampleKey: SampleVerification] = [:]
        let alignments = Self.alignmentsByTarget(report.alignments)
        for tutorial in tutorials { verify(tutorial, alignments: alignments, into: &result) }
        return result
    }

    /// Each alignment by the document it aligns (its `target`).
    static func alignmentsByTarget(_ alignments: [TutorialAlignment]) -> [String: TutorialAlignment] {
        Dictionary(alignments.map { ($0.target.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The verification of each code sample of `tutorial` (whatever `tutorials` holds), from the
    /// alignments by target (`alignmentsByTarget`).
    func verifications(of tutorial: Tutorial, alignments: [String: TutorialAlignment]) -> [SampleKey: SampleVerification] {
        var result: [SampleKey: SampleVerification] = [:]
        verify(tutorial, alignments: alignments, into: &result)
        return result
    }

    private func verify(_ tutorial: Tutorial, alignments: [String: TutorialAlignment], into result: inout [SampleKey: SampleVerification]) {
        let fallbackPaths = Set(tutorial.includes.filter(\.fallback).map(\.resolvedTo))
        let pairs = alignments[tutorial.source].map(Self.pairsByTarget) ?? [:]
        for sample in tutorial.allCode {
            let key = SampleKey(source: tutorial.source, sample: sample.id)
            if tutorial.locale == defaultLocale && tutorial.edition == sourceEdition {
                result[key] = sourceVerification(sample)
            } else if fallbackPaths.contains(sample.origin.path) {
                result[key] = SampleVerification(
                    status: .fallback, note: "Not yet translated: shown from the \(defaultLocale) include",
                    message: NoteMessage("noteFallback", values: ["locale": defaultLocale]))
            } else if let pair = pairs[sample.id] {
                result[key] = verification(pair, sample: sample, edition: tutorial.locale == defaultLocale)
            } else {
                result[key] = SampleVerification(status: .unverified, note: "No source document to compare with", message: NoteMessage("noteNoSource"))
            }
        }
    }

    private static func pairsByTarget(_ alignment: TutorialAlignment) -> [String: TutorialAlignment.SamplePair] {
        Dictionary(alignment.samples.compactMap { pair in pair.target.map { ($0.id, pair) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The source is its own reference; its own broken Markdown was repaired by the model.
    private func sourceVerification(_ sample: CodeSample) -> SampleVerification {
        guard let damage = sample.damage else {
            return SampleVerification(status: .matchesSource, note: "This is the source", message: NoteMessage("noteIsSource"))
        }
        return SampleVerification(
            status: .repaired, note: "Reassembled: \(damage.detail)",
            message: NoteMessage("noteReassembled", phrases: ["what": Self.damageKey(damage.kind)]))
    }

    /// What a translation's sample is compared with: the source locale's document, or (an older
    /// edition) the current edition; its notes are the strings `<note>Source` or `<note>Edition`.
    private struct Reference {
        var edition: Bool
        var locale: String
        var line: Int?

        var english: String { edition ? "the current edition" : "the \(locale) source" }
        var place: String { line.map { ", line \($0)" } ?? "" }

        /// The note `<note>Source`/`<note>Edition`; with `lined`, one that names the source's line
        /// (`<note>NoLine…` when the line is not known).
        func message(_ note: String, lined: Bool = true, values: [String: String] = [:], phrases: [String: String] = [:]) -> NoteMessage {
            var values = values
            values["locale"] = locale
            if let line { values["line"] = String(line) }
            return NoteMessage(note + (lined && line == nil ? "NoLine" : "") + (edition ? "Edition" : "Source"), values: values, phrases: phrases)
        }
    }

    private func verification(_ pair: TutorialAlignment.SamplePair, sample: CodeSample, edition: Bool) -> SampleVerification {
        let verdict = pair.verdict
        let reference = Reference(edition: edition, locale: defaultLocale, line: pair.source?.line)
        if let referenced = referenceDrift(pair, reference: reference) { return referenced }
        switch verdict.classification {
        case .identical, .whitespace:
            return SampleVerification(status: .matchesSource, note: "Same code as \(reference.english)\(reference.place)", message: reference.message("noteSame"))
        case .comments:
            return SampleVerification(
                status: .matchesSource, note: "Same code as \(reference.english)\(reference.place); comments translated", message: reference.message("noteComments"))
        case .damaged:
            let what = verdict.damage.map { Self.describe($0.kind) } ?? "the Markdown broke this code"
            let phrases = ["what": verdict.damage.map { Self.damageKey($0.kind) } ?? "damageMarkdown"]
            if verdict.codeMatchesSource {
                return SampleVerification(
                    status: .repaired, note: "Repaired: in this translation \(what); the repaired code matches \(reference.english)",
                    message: reference.message("noteRepaired", lined: false, phrases: phrases))
            }
            return SampleVerification(
                status: .repaired, note: "Restored from \(reference.english)\(reference.place): in this translation \(what)",
                message: reference.message("noteRestored", phrases: phrases), replacementText: verdict.repair)
        case .drift:
            return SampleVerification(
                status: .drift, note: "Differs from \(reference.english)\(reference.place)", message: reference.message("noteDiffers"),
                diff: Self.diffLines(verdict.changes))
        case .extra:
            let english = reference.english.prefix(1).uppercased() + reference.english.dropFirst()
            return SampleVerification(
                status: .unverified, note: "\(english) has no such sample",
                message: reference.message("noteExtra", lined: false))
        case .missing:
            return SampleVerification(status: .unverified)
        }
    }

    /// Drift for code pulled from a code file that is not the source's code (comments count: the
    /// reference shows other lines), as `code-ref-drift` reports it.
    private func referenceDrift(_ pair: TutorialAlignment.SamplePair, reference: Reference) -> SampleVerification? {
        guard let source = pair.source, let target = pair.target, source.codeReference != nil || target.codeReference != nil,
              [.comments, .drift].contains(pair.verdict.classification) else { return nil }
        let shown = { (sample: SampleReference) in sample.codeReference.map { "code from \($0)" } ?? "an inline sample" }
        var values: [String: String] = [:]
        var phrases: [String: String] = [:]
        for (name, sample) in [("shown", target), ("other", source)] {
            phrases[name] = sample.codeReference == nil ? "inlineSample" : "codeFromFile"
            values[name + ".file"] = sample.codeReference ?? ""
        }
        return SampleVerification(
            status: .drift, note: "Shows \(shown(target)); \(reference.english) shows \(shown(source))",
            message: reference.message("noteReferenceDrift", lined: false, values: values, phrases: phrases),
            diff: Self.diffLines(pair.verdict.changes))
    }

    static func effect(_ effect: FindingRule.PageEffect) -> DriftReport.Effect {
        switch effect {
        case .drifted: .drifted
        case .stale: .stale
        case .fallback: .fallback
        }
    }

    /// The interface string naming what a kind of damage did.
    static func damageKey(_ kind: Damage.Kind) -> String {
        switch kind {
        case .splitByIndentation: "damageSplit"
        case .mergedIntoProse: "damageMerged"
        case .machineTranslated: "damageTranslated"
        case .escapeChanged: "damageEscapes"
        }
    }

    static func describe(_ kind: Damage.Kind) -> String {
        switch kind {
        case .splitByIndentation: "broken indentation had split this code into pieces"
        case .mergedIntoProse: "this code had been merged into the step's text"
        case .machineTranslated: "machine translation had changed this code"
        case .escapeChanged: "string escapes had been changed"
        }
    }

    static func diffLines(_ changes: [TokenChange]) -> [DiffLine] {
        changes.flatMap { change -> [DiffLine] in
            var lines: [DiffLine] = []
            if !change.source.isEmpty { lines.append(DiffLine(.removed, "\(change.sourceLine): \(change.source)")) }
            if !change.translation.isEmpty { lines.append(DiffLine(.added, "\(change.translationLine): \(change.translation)")) }
            return lines
        }
    }

    /// The drift report of `rows` (in order), from the findings of `report`: what the whole build
    /// renders and what `stepwise merge` renders from the shards' parts.
    static func driftReport(_ report: CheckReport, rows: [DriftRow]) -> DriftReport {
        let shown = report.findings.filter { $0.severity >= .warning }
        let byPath = Dictionary(grouping: shown.indices, by: { shown[$0].path })
        // Each finding made once, when a row first shows it, and shared by every row that shows it: an
        // include's findings are in the row of each document that reads it (one include of the Azure
        // corpus is read by 187), and a copy of each one's texts per row held 45 MB of a build.
        var made = [DriftReport.Finding?](repeating: nil, count: shown.count)
        func finding(_ index: Int) -> DriftReport.Finding {
            if let known = made[index] { return known }
            let finding = shown[index]
            let entry = DriftReport.Finding(
                severity: finding.severity.rawValue, message: finding.message + " [\(finding.rule)]",
                location: "\(finding.path):\(finding.line):\(finding.column)", diff: Self.diffLines(finding.diff ?? []), rule: finding.rule,
                effect: FindingRule.pageEffects[finding.rule].map(Self.effect))
            made[index] = entry
            return entry
        }
        return DriftReport(rows: rows.map { row in
            let indices = row.files.flatMap { byPath[$0] ?? [] }.sorted().filter { shown[$0].locale == row.locale || shown[$0].locale.isEmpty }
            return DriftReport.Row(
                tutorial: row.tutorialPath, locale: row.locale, edition: row.edition, findings: indices.map(finding),
                document: row.document, sourceDocument: report.sources[row.document])
        })
    }
}

/// What a row of the drift report needs of a document: its tutorial, locale and edition, and the
/// files whose findings it shows (the document and its includes).
struct DriftRow: Codable, Hashable {
    /// The document (its `source` path).
    var document: String
    var tutorialPath: String
    var locale: String
    var edition: String
    /// Each once, sorted.
    var files: [String]

    init(document: String, tutorialPath: String, locale: String, edition: String, files: [String]) {
        (self.document, self.tutorialPath, self.locale, self.edition, self.files) = (document, tutorialPath, locale, edition, files)
    }

    init(_ tutorial: Tutorial) {
        document = tutorial.source
        tutorialPath = tutorial.tutorialPath
        locale = tutorial.locale
        edition = tutorial.edition
        files = Set([tutorial.source] + tutorial.includes.map(\.resolvedTo)).sorted()
    }
}
