import Localization
import StepwiseDiagnostics
import Testing
import TutorialModel

/// The summary's counts of the seeds' report, after findings of another rule and locale are added.
@Suite struct CheckSummaryTests {
    @Test("the summary counts every finding once by severity, by rule and by locale")
    func countsByKind() {
        var report = SeedCheck.report
        report.add([
            Finding(rule: .tocBroken, path: "content/xx-yy/toc.md", line: 3, column: 1, message: "an entry pointing nowhere", locale: "xx-yy"),
            Finding(rule: .tocBroken, path: "content/xx-yy/toc.md", line: 4, column: 1, message: "another", locale: "xx-yy"),
        ])
        let findings = report.findings
        func counted<Key: Hashable>(_ key: (Finding) -> Key) -> [Key: Int] {
            Set(findings.map(key)).reduce(into: [:]) { counts, value in counts[value] = findings.filter { key($0) == value }.count }
        }
        #expect(report.summary.findings == findings.count)
        #expect(report.summary.bySeverity == counted(\.severity.rawValue))
        #expect(report.summary.byRule == counted(\.rule))
        #expect(report.summary.byLocale == counted(\.locale))
        #expect(report.summary.byLocale["xx-yy"] == 2 && report.summary.byLocale.count >= 3, "\(report.summary.byLocale)")
    }
}
