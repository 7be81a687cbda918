import Localization
import StepwiseDiagnostics
import Testing

/// `stepwise check --format github` prints one workflow command per finding, in report order, then
/// the summary line, written on all cores in runs (`CheckReport.githubAnnotationPieces()`).
@Suite struct GitHubAnnotationsTests {
    @Test("each finding's annotation in report order, then the summary, however many runs the findings make", arguments: [0, 1, 2_047, 2_048, 5_000])
    func annotations(count: Int) {
        let findings = (0..<count).map { index in
            Finding(
                rule: FindingRule(id: "rule-\(index % 7)", severity: [.error, .warning, .note][index % 3], summary: ""),
                path: "content/fr-fr/articles/\(index / 10).md", line: index % 97 + 1, column: index % 5 + 1,
                message: index % 11 == 0 ? "100 % sûr,\nsur deux lignes" : "message \(index)", locale: "fr-fr")
        }
        let report = CheckReport(findings: findings, alignments: [], staleness: [:], documents: count / 10 + 1, files: count / 10 + 1)
        let expected = report.reportable.map { finding in
            WorkflowCommand.annotation(
                severity: finding.severity, path: finding.path, line: finding.line, column: finding.column, title: finding.rule, message: finding.message) + "\n"
        }.joined() + report.summary.line + "\n"
        #expect(report.githubAnnotations() == expected)
        #expect(report.githubAnnotationPieces().joined() == expected)
        #expect(report.reportable.count == count)
    }
}
