import Foundation
import Localization
import StepwiseDiagnostics
import Testing

/// The text report, written as bytes by runs on all cores, against the lines it is made of.
@Suite struct CheckReportTextTests {
    /// The report as its lines: each file's findings under a header, blank lines between the parts,
    /// then the baseline's fixed entries and the summary (the layout `text()` writes).
    static func lines(of report: CheckReport) -> String {
        let findings = report.reportable
        var lines: [String] = []
        var start = findings.startIndex
        while start < findings.endIndex {
            let path = findings[start].path
            let end = findings[start...].firstIndex { $0.path != path } ?? findings.endIndex
            if start > findings.startIndex { lines.append("") }
            lines.append("\(path) (\(end - start) finding\(end - start == 1 ? "" : "s"))")
            lines += findings[start..<end].map(\.formatted)
            start = end
        }
        if !report.fixed.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("fixed since the baseline (prune with --update-baseline):")
            lines += report.fixed.map { "  \($0.path):\($0.line): \($0.message) [\($0.rule)]" }
        }
        if !lines.isEmpty { lines.append("") }
        lines.append(report.summary.line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `count` findings over files of one to five findings, lines and columns of every length.
    static func findings(_ count: Int) -> [Finding] {
        (0..<count).map { index in
            var finding = Finding(rule: index % 3 == 0 ? .linkBroken : .codeExtra, path: "fr-fr/articles/dossier-\(index / 5 + index % 2)/é\(index % 7).md",
                    line: [0, 1, 9, 10, 99_999, 12_345_678][index % 6] + index, column: index % 11, message: "message \(index) “quoted” 👩‍💻", locale: "fr-fr")
            finding.fingerprint = "print \(index)"
            return finding
        }
    }

    @Test("the text is its lines, for reports from none to many findings (several runs of findings, a file's findings cut between runs)",
          arguments: [0, 1, 2, 5, 6, 2_047, 2_049, 9_000])
    func textIsItsLines(count: Int) {
        let report = CheckReport(findings: Self.findings(count), alignments: [], staleness: [:], documents: count, files: count)
        #expect(report.text() == Self.lines(of: report))
        #expect(report.text().hasSuffix(report.summary.line + "\n"))
    }

    @Test("known findings are left out, and the fixed baseline entries follow the findings, or stand alone")
    func baseline() {
        for count in [0, 40] {
            var report = CheckReport(findings: Self.findings(count), alignments: [], staleness: [:], documents: 1, files: 1)
            var baseline = Baseline(findings: Array(Self.findings(count).prefix(10)))
            var gone = Finding(rule: .tocBroken, path: "gone.md", line: 3, message: "gone", locale: "fr-fr")
            gone.fingerprint = "gone"
            baseline.findings.append(contentsOf: Baseline(findings: [gone]).findings)
            report.checkedFiles = ["gone.md"]
            report.apply(baseline)
            #expect(!report.fixed.isEmpty)
            #expect(report.reportable.count == max(0, count - 10))
            #expect(report.text() == Self.lines(of: report))
        }
    }
}
