import Foundation
import Localization
import StepwiseDiagnostics
@testable import StepwiseCommands
import Testing

/// `stepwise check --format json` writes its report straight from the findings (`CheckJSON.text`):
/// byte for byte what `JSONEncoder` prints for the same values' `Encodable` conformances
/// (`ReportJSON.encode`).
@Suite struct CheckJSONWriterTests {
    private func expectEncoder(_ report: CheckReport, _ comment: Comment) throws {
        let json = CheckJSON(report: report)
        #expect(json.text == (try ReportJSON.encode(json)), comment)
    }

    @Test("the report of the bundled tutorial and a corpus sample, with baseline states, counts and without")
    func realReport() throws {
        let setup = try CheckCacheBatchTests.Setup()
        try? FileManager.default.removeItem(at: setup.cache.folder)
        var report = try setup.cache.check(setup.paths, loader: setup.loader).report()
        #expect(report.findings.count > 50, "the content has findings")
        #expect(report.findings.contains { $0.diff != nil } && report.findings.contains { $0.fix != nil }, "drift with token changes, a fix")
        #expect(report.findings.contains { $0.source != nil } && report.findings.contains { $0.document == nil })
        #expect(!report.staleness.isEmpty, "bilingual files' sentences counted")
        try expectEncoder(report, "as checked")
        report.findings = report.findings.enumerated().map { index, finding in
            var finding = finding
            finding.baseline = [nil, .new, .known][index % 3]
            return finding
        }
        (report.summary.known, report.summary.fixed, report.summary.suppressed) = (3, 14, 15)
        try expectEncoder(report, "baseline states and counts")
    }

    @Test("escapes, every optional field, an empty diff and no finding at all")
    func craftedReport() throws {
        let odd = "quote \" backslash \\ slash / tab \t newline \n \u{1} \u{7F} é 漢 🙂 \u{2028}"
        var full = Finding(
            rule: FindingRule.documentRules[0], severity: .note, path: "fr-fr/\(odd).md", line: 0, column: -1, message: odd, locale: odd,
            source: .init(path: "en-us/\\c.md", line: 7), fix: odd,
            diff: [TokenChange(source: odd, translation: "", sourceLine: 1, translationLine: 2), TokenChange(source: "", translation: "x", sourceLine: 3, translationLine: 4)])
        (full.document, full.fingerprint, full.baseline) = (odd, "fp/1", .new)
        var bare = Finding(rule: FindingRule.alignmentRules[0], path: "a.md", line: 3, message: "m", locale: "es-es", diff: [])
        bare.baseline = .known
        let staleness = ["b.md": SentenceStaleness.Counts(sentences: 5, current: 1, changed: 2, removed: 1, untranslated: 1), odd: .init()]
        var report = CheckReport(findings: [full, bare], alignments: [], staleness: staleness, documents: 2, files: 3)
        report.checkedFiles = ["z.md", odd, "a.md"]
        try expectEncoder(report, "crafted findings")
        report = CheckReport(findings: [], alignments: [], staleness: [:], documents: 0, files: 0)
        try expectEncoder(report, "no finding")
        #expect(CheckJSON(report: report).text.contains("\"findings\" : [\n\n  ]"))
    }
}
