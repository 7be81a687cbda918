import Localization
import StepwiseDiagnostics
import Testing

/// Findings in report order: `Finding.reportSorted` (paths ranked once) sorts exactly as a stable sort
/// by `Finding.reportOrder` does, equal findings in the order given.
@Suite struct FindingOrderTests {
    @Test("ranking paths sorts findings as a stable sort by report order: paths, places, rules, messages, documents and ties")
    func reportSorted() {
        var generator = SystemRandomNumberGenerator()
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &generator)] }
        // Paths that sort differently by bytes and by characters, and one spelled two ways (é composed or not).
        let paths = ["b.md", "a/b.md", "a.md", "a-b.md", "Z.md", "caf\u{E9}.md", "cafe\u{301}.md", "ça.md", "a.md"]
        let findings = (0..<3_000).map { index -> Finding in
            var finding = Finding(rule: pick([FindingRule.tocBroken, .codeMissing]), path: pick(paths), line: Int.random(in: 1...4, using: &generator),
                                  column: Int.random(in: 1...2, using: &generator), message: pick(["m", "n"]), locale: "fr-fr")
            finding.document = pick([nil, "d1.md", "d2.md"])
            // Equal findings told apart by what the order does not compare: their order must be kept.
            finding.fingerprint = "\(index)"
            return finding
        }.shuffled()
        let sorted = Finding.reportSorted(findings)
        // Compared by their fingerprints (each finding's own): the same findings, in the same order.
        #expect(sorted.map(\.fingerprint) == findings.sorted(by: Finding.reportOrder).map(\.fingerprint))
        #expect(Set(sorted) == Set(findings))
        #expect(sorted.map(\.path) != findings.map(\.path), "the findings were not in order already")
        // In place, the same; findings in order already stay as they are (equal ones keep their order).
        var inPlace = findings
        Finding.sortForReport(&inPlace)
        #expect(inPlace.map(\.fingerprint) == sorted.map(\.fingerprint))
        var again = sorted
        Finding.sortForReport(&again)
        #expect(again.map(\.fingerprint) == sorted.map(\.fingerprint))
    }

    @Test("report order compares findings as the tuple of their path, place, rule, message and document (none last) does, for every pair")
    func reportOrderIsTheTuples() {
        var findings: [Finding] = []
        for path in ["a.md", "a-b.md", "caf\u{E9}.md", "cafe\u{301}.md", "b.md"] {
            for (line, column) in [(1, 1), (1, 2), (2, 1)] {
                for rule in [FindingRule.tocBroken, .codeMissing] {
                    for message in ["m", "n", "m\u{301}"] {
                        for document in [nil, "d1.md", "d2.md", "\u{10FFFF}"] as [String?] {
                            var finding = Finding(rule: rule, path: path, line: line, column: column, message: message, locale: "fr-fr")
                            finding.document = document
                            findings.append(finding)
                        }
                    }
                }
            }
        }
        func tuples(_ a: Finding, _ b: Finding) -> Bool {
            (a.path, a.line, a.column, a.rule, a.message, a.document ?? "\u{10FFFF}") < (b.path, b.line, b.column, b.rule, b.message, b.document ?? "\u{10FFFF}")
        }
        var disagreements = 0
        for a in findings {
            for b in findings where Finding.reportOrder(a, b) != tuples(a, b) { disagreements += 1 }
        }
        #expect(findings.count == 360)
        #expect(disagreements == 0)
    }
}
