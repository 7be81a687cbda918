import Foundation
import Localization
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
