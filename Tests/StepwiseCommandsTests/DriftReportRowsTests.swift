import Localization
import Site
@testable import StepwiseCommands
import Testing
@testable import TutorialModel

/// The drift report's rows: each document's findings and its includes', of its locale, warnings and
/// errors only; an include's finding made once and shared by the row of every document that reads it.
@Suite struct DriftReportRowsTests {
    private static let include = "content/fr-fr/includes/shared-include-note.md"

    private func row(_ source: String, includes: [String]) -> DriftRow {
        var tutorial = Tutorial(outline: source, locale: "fr-fr", edition: "current", tutorialPath: source, title: "T", description: nil)
        tutorial.includes = includes.map { path in
            IncludeReference(name: "note", syntax: "[!INCLUDE]", path: path, resolvedTo: path, fallback: false,
                             origin: Origin(path: source, line: 1), problem: nil)
        }
        return DriftRow(tutorial)
    }

    /// The address of a string's UTF-8 storage: equal for two strings that share it.
    private func storage(_ text: String) -> UnsafePointer<UInt8>? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }

    @Test("each row shows its document's and its includes' findings of its locale, warnings and errors, in report order; an include's finding is one entry for every row")
    func rows() {
        let warning = FindingRule(id: "text-corrupt", severity: .warning, summary: "")
        let findings = [
            Finding(rule: warning, path: Self.include, line: 3, column: 7, message: "a sentence of the shared include is glued", locale: "fr-fr"),
            Finding(rule: FindingRule(id: "code-drift", severity: .error, summary: ""), path: "content/fr-fr/articles/a.md", line: 2,
                    message: "the sample drifted", locale: "fr-fr", diff: [TokenChange(source: "x", translation: "y", sourceLine: 4, translationLine: 5)]),
            Finding(rule: FindingRule(id: "sentence-stale", severity: .note, summary: ""), path: "content/fr-fr/articles/b.md", line: 1,
                    message: "a note is not shown", locale: "fr-fr"),
            Finding(rule: warning, path: Self.include, line: 5, message: "another locale's finding", locale: "es-es"),
            Finding(rule: warning, path: "content/fr-fr/articles/c.md", line: 1, message: "a document without a row", locale: "fr-fr"),
        ]
        let report = CheckReport(findings: findings, alignments: [], staleness: [:], documents: 3, files: 4)
        let rows = [row("content/fr-fr/articles/a.md", includes: [Self.include]), row("content/fr-fr/articles/b.md", includes: [Self.include]),
                    row("content/fr-fr/articles/d.md", includes: [])]
        let drift = DriftVerifications.driftReport(report, rows: rows)
        #expect(drift.rows.map(\.document) == rows.map(\.document))
        #expect(drift.rows.map { $0.findings.map(\.location) } == [
            ["content/fr-fr/articles/a.md:2:1", "\(Self.include):3:7"], ["\(Self.include):3:7"], [],
        ])
        let drifted = drift.rows[0].findings[0]
        #expect(drifted.message == "the sample drifted [code-drift]" && drifted.severity == "error" && drifted.rule == "code-drift")
        #expect(!drifted.diff.isEmpty)
        let shared = (drift.rows[0].findings[1], drift.rows[1].findings[0])
        #expect(shared.0 == shared.1 && shared.0.message == "a sentence of the shared include is glued [text-corrupt]")
        #expect(storage(shared.0.message) == storage(shared.1.message) && storage(shared.0.location) == storage(shared.1.location),
                "one entry for both rows, not a copy of its texts per row")
    }
}
