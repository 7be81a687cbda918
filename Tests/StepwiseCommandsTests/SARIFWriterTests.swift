import Foundation
import Localization
import StepwiseDiagnostics
@testable import StepwiseCommands
import Testing

/// `CheckReport.sarif` writes its log straight from the findings: byte for byte what `JSONEncoder`
/// prints for the same log built as `Encodable` values (`SARIFLog.encoded`).
@Suite struct SARIFWriterTests {
    private static let catalog = FindingRule.documentRules + FindingRule.alignmentRules + FindingRule.linkRules

    private func expectOracle(_ report: CheckReport, rules: [FindingRule] = catalog, _ comment: Comment) throws {
        let written = try report.sarif(rules: rules, toolVersion: "1.2.3-test")
        let expected = try SARIFLog.encoded(report, rules: rules, toolVersion: "1.2.3-test")
        #expect(written == expected, comment)
    }

    @Test("the report of the bundled tutorial and a corpus sample, with baseline states and without")
    func realReport() throws {
        let setup = try CheckCacheBatchTests.Setup()
        try? FileManager.default.removeItem(at: setup.cache.folder)
        var report = try setup.cache.check(setup.paths, loader: setup.loader).report()
        #expect(report.findings.count > 50, "the content has findings")
        #expect(report.findings.contains { $0.source != nil } && report.findings.contains { $0.source == nil })
        #expect(report.findings.allSatisfy { $0.fingerprint != nil }, "every finding of a check is fingerprinted")
        try expectOracle(report, "no baseline")
        report.findings = report.findings.enumerated().map { index, finding in
            var finding = finding
            finding.baseline = [nil, .new, .known][index % 3]
            if index % 5 == 0 { finding.fingerprint = nil }
            return finding
        }
        try expectOracle(report, "baseline states, some findings without a fingerprint")
    }

    @Test("escapes, places below 1, a rule the catalog lacks, and no finding at all")
    func craftedReport() throws {
        let rule = FindingRule.documentRules[0], other = FindingRule.alignmentRules[0]
        let odd = "quote \" backslash \\ slash / tab \t newline \n \u{1} \u{7F} é 漢 🙂 \u{2028}"
        var findings = [
            Finding(rule: rule, path: "fr-fr/a \"b\"/c.md", line: 0, column: 0, message: odd, locale: "fr-fr",
                    source: .init(path: "en-us/\\c.md", line: -3)),
            Finding(rule: other, severity: .note, path: "é/漢.md", line: 12, column: 40, message: "", locale: ""),
            Finding(rule: FindingRule(id: "not-catalogued", severity: .warning, summary: "absent"), path: "x.md", line: 3, message: "m", locale: "es-es"),
        ]
        findings[0].fingerprint = "fp/\"1\""
        findings[1].baseline = .known
        var report = CheckReport(findings: findings, alignments: [], staleness: [:], documents: 1, files: 1)
        try expectOracle(report, "crafted findings")
        let quirky = FindingRule(id: rule.id, severity: .error, summary: "a summary with \"quotes\" / and \\ and é")
        try expectOracle(report, rules: [quirky] + Self.catalog.filter { $0.id != rule.id }, "a rule summary to escape")
        report.findings = []
        try expectOracle(report, "no finding")
        #expect(try report.sarif(rules: Self.catalog, toolVersion: "1").contains("\"results\" : [\n\n      ]"))
    }
}
