import Foundation
import Localization
import StepwiseDiagnostics
import Testing
import TutorialModel

/// Severity overrides from `stepwise.yml` applied to the seeds' report.
@Suite struct RuleOverrideTests {
    @Test("no override leaves the report as it is: findings in report order, summary, links and suppressions")
    func none() throws {
        var report = SeedCheck.report
        report.links = [DocumentLinks(document: "content/en-us/a.md", locale: "en-us", edition: "current", tutorialPath: "a.md", anchors: [], links: [])]
        report.add([Finding(rule: .tocBroken, path: "content/aa.md", line: 1, column: 1, message: "first by path", locale: "en-us")])
        let before = report
        report.apply([])
        #expect(report.findings == before.findings)
        #expect(report.text() == before.text())
        #expect(report.summary == before.summary)
        #expect(report.links.map(\.document) == before.links.map(\.document))
        #expect(!report.links.isEmpty)
        #expect(report.findings.first?.path == "content/aa.md")
    }

    @Test("added findings are merged into report order as sorting every finding again orders them, equal ones after those already there")
    func addMerges() throws {
        var report = SeedCheck.report
        let first = try #require(report.findings.first), last = try #require(report.findings.last)
        var twin = first
        twin.severity = first.severity == .note ? .warning : .note
        let extra = [
            Finding(rule: .tocBroken, path: "zz/last.md", line: 2, column: 1, message: "after everything", locale: "en-us"),
            twin,
            Finding(rule: .tocBroken, path: last.path, line: last.line, column: last.column + 1, message: "beside the last", locale: "en-us"),
            Finding(rule: .tocBroken, path: "content/aa.md", line: 1, column: 1, message: "first by path", locale: "en-us"),
        ]
        let expected = (report.findings + extra).sortedByPosition(by: Finding.reportOrder)
        report.add(extra)
        #expect(report.findings == expected)
        #expect(report.findings.first?.path == "content/aa.md" && report.findings.last?.path == "zz/last.md")
        #expect(report.summary.findings == expected.count)
        // The twin equals the first finding in report order: it follows it.
        let index = try #require(report.findings.firstIndex(of: first))
        #expect(report.findings[index + 1] == twin)
    }

    @Test("an override turns a rule off (counted as suppressed) or changes its severity; an unused one is reported")
    func overrides() throws {
        var report = SeedCheck.report
        let rules = Array(Set(report.findings.map(\.rule))).sorted()
        #expect(rules.count >= 2)
        let off = rules[0], changed = rules[1]
        let count = report.findings.filter { $0.rule == off }.count
        let suppressed = report.summary.suppressed
        report.apply([
            RuleOverride(rule: off, level: .off, reason: "", path: "stepwise.yml", line: 3, column: 5),
            RuleOverride(rule: changed, level: .severity(.note), reason: "", path: "stepwise.yml", line: 4, column: 5),
            RuleOverride(rule: "no-such-rule", level: .off, reason: "", path: "stepwise.yml", line: 5, column: 5),
        ])
        #expect(!report.findings.contains { $0.rule == off })
        #expect(report.summary.suppressed == suppressed + count)
        #expect(report.findings.filter { $0.rule == changed }.allSatisfy { $0.severity == .note })
        #expect(report.findings.contains { $0.rule == FindingRule.suppressionUnused.id && $0.line == 5 })
    }
}
