import StepwiseDiagnostics
import TutorialModel

/// Runs every check over a set of tutorials: each translation and edition aligned with its source,
/// code samples classified, sentence and page staleness, and the corruption lint of every file.
public struct DriftChecker: Sendable {
    public var selection: SourceSelection
    var linter: CorruptionLinter

    public init(selection: SourceSelection, linter: CorruptionLinter) {
        self.selection = selection
        self.linter = linter
    }

    /// A checker with the bundled corruption rules.
    public static func bundled(selection: SourceSelection) throws -> DriftChecker {
        DriftChecker(selection: selection, linter: try CorruptionLinter(rules: CorruptionRule.bundled()))
    }

    /// Checks every input marked `isReported`; the others are read only as sources and includes.
    /// `problems` (documents or includes that could not be read) are reported as findings too.
    public func check(_ inputs: [CheckInput], problems: [Finding] = [], sourceIncludes: SourceIncludes? = nil) -> CheckReport {
        let sources = SourceIndex(tutorials: inputs.map(\.tutorial), selection: selection)
        let sourceIncludes = sourceIncludes ?? SourceIncludes(inputs: inputs, locale: selection.locale)
        let sentenceIndexes = SentenceIndexCache()
        let results = inputs.concurrentMap { input -> PairResult in
            guard input.isReported else { return PairResult() }
            var result: PairResult
            if let index = sources.source(of: input.tutorial) {
                result = compare(input, with: inputs[index], includes: sourceIncludes, sentenceIndexes: sentenceIndexes)
            } else {
                result = orphanResult(input)
            }
            for index in result.findings.indices { result.findings[index].document = input.tutorial.source }
            return result
        }
        var findings = results.flatMap(\.findings) + problems
        var seen: Set<String> = []
        let reported = inputs.filter(\.isReported)
        let uniqueFiles = reported.flatMap(\.files).filter { seen.insert($0.path).inserted }
        findings += uniqueFiles.concurrentMap(linter.lint).flatMap { $0 }
        let locales = Dictionary(uniqueFiles.map { ($0.path, $0.fileLocale) }, uniquingKeysWith: { first, _ in first })
        let (kept, suppressed) = SuppressionFilter(files: uniqueFiles).apply(to: findings, locales: locales)
        findings = Self.fingerprinted(kept, files: uniqueFiles)
        let staleness = results.reduce(into: [String: SentenceStaleness.Counts]()) { $0.merge($1.staleness) { a, _ in a } }
        var report = CheckReport(findings: findings, alignments: results.compactMap(\.alignment), staleness: staleness,
                                 documents: reported.count, files: uniqueFiles.count)
        report.summary.suppressed = suppressed.count
        report.suppressions = CheckReport.Suppressed(suppressed)
        report.lintedFiles = Set(uniqueFiles.map(\.path))
        report.checkedFiles = Set(uniqueFiles.map(\.path) + problems.map(\.path))
        report.checkedDocuments = Set(reported.map(\.tutorial.source) + problems.compactMap(\.document))
        return report
    }

    /// Gives each finding its fingerprint from the text of its line.
    static func fingerprinted(_ findings: [Finding], files: [CheckedFile]) -> [Finding] {
        let lines = Dictionary(files.map { ($0.path, $0.lines) }, uniquingKeysWith: { first, _ in first })
        return findings.concurrentMap { finding in
            var finding = finding
            let text = lines[finding.path].flatMap { $0.indices.contains(finding.line - 1) ? $0[finding.line - 1] : nil } ?? ""
            finding.fingerprint = FindingFingerprint.make(rule: finding.rule, path: finding.path, lineText: text, message: finding.message)
            return finding
        }
    }

    struct PairResult: Sendable {
        var alignment: TutorialAlignment?
        var findings: [Finding] = []
        var staleness: [String: SentenceStaleness.Counts] = [:]
    }

    private func orphanResult(_ input: CheckInput) -> PairResult {
        guard !selection.isSource(input.tutorial) else { return PairResult(findings: sourceDamage(input.tutorial)) }
        let finding = Finding(
            rule: .sourceMissing, path: input.tutorial.source, line: 1,
            message: "no source document (\(selection.locale), \(selection.edition)) with the same ms.assetid or path",
            locale: input.tutorial.locale)
        return PairResult(findings: [finding])
    }

    /// Samples whose Markdown is broken in a source document itself (translations report theirs
    /// through the alignment).
    private func sourceDamage(_ tutorial: Tutorial) -> [Finding] {
        LocatedSample.all(in: tutorial).compactMap { located in
            guard let damage = located.sample.damage else { return nil }
            let sample = located.reference
            return Finding(
                rule: .codeDamaged, severity: damage.kind == .machineTranslated && !damage.recovered ? .error : .warning,
                path: sample.path, line: sample.line,
                message: "code sample (\(sample.language)\(sample.file.map { ", " + $0 } ?? "")) is damaged (\(damage.kind.rawValue)): \(damage.detail)\(damage.recovered ? "; Stepwise shows the repaired code" : "")",
                locale: tutorial.locale, fix: located.sample.text)
        }
    }

    private func compare(_ input: CheckInput, with source: CheckInput, includes: SourceIncludes, sentenceIndexes: SentenceIndexCache) -> PairResult {
        let target = input.tutorial
        let fixer: @Sendable (String) -> String = { [linter] in linter.fixed($0, scope: .comment) }
        let alignment = TutorialAligner(comparer: SampleComparer(commentFixer: fixer)).align(source: source.tutorial, target: target)
        let edition = selection.isOtherEdition(target)
        var findings = AlignmentFindings(alignment: alignment, locale: target.locale, summarizeDrift: edition).findings()
        if let file = input.documentFile {
            findings += PageComparison().compare(source: source.tutorial, target: target, targetFile: file)
                .filter { !edition || $0.rule == FindingRule.structureParity.id }
        }
        var result = PairResult(alignment: alignment)
        let staleness = SentenceStaleness(linter: linter)
        for file in input.files where !file.spans.isEmpty {
            let counterpart = file.includeName == nil ? source.documentFile : includes.counterpart(of: file)
            guard let counterpart else { continue }
            let (counts, stale) = staleness.check(file, against: counterpart, index: sentenceIndexes.index(of: counterpart))
            result.staleness[file.path] = counts
            findings += stale
        }
        if edition {
            findings = findings.map { var finding = $0; finding.severity = .note; return finding }
        }
        result.findings = findings
        return result
    }
}
