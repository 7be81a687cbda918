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
    }
}
