import Localization
import StepwiseDiagnostics
import Testing

/// A baseline marks a finding known when an entry of its rule, file and fingerprint is left unused;
/// the entries left over were fixed.
@Suite struct BaselineClassifyTests {
    static func finding(_ rule: FindingRule, _ path: String, _ fingerprint: String?, line: Int = 1) -> Finding {
        var finding = Finding(rule: rule, path: path, line: line, message: "at \(line)", locale: "fr-fr")
        finding.fingerprint = fingerprint
        return finding
    }

    @Test("each entry is used once: two equal findings against one entry are one known and one new; the entries of a key not matched are fixed, the later ones")
    func entriesUsedOnce() {
        let baseline = Baseline(findings: [
            Self.finding(.codeMissing, "a.md", "x", line: 1), Self.finding(.codeMissing, "a.md", "x", line: 2), Self.finding(.codeMissing, "a.md", "x", line: 3),
            Self.finding(.linkBroken, "a.md", "x", line: 4), Self.finding(.codeMissing, "b.md", "y", line: 5),
        ])
        var findings = [
            Self.finding(.codeMissing, "a.md", "x", line: 9), Self.finding(.codeMissing, "a.md", "x", line: 8),
            // Another rule, another file, another fingerprint, no fingerprint: none is the entry's.
            Self.finding(.codeExtra, "a.md", "x"), Self.finding(.codeMissing, "c.md", "x"), Self.finding(.codeMissing, "a.md", "z"),
            Self.finding(.codeMissing, "a.md", nil),
            Self.finding(.linkBroken, "a.md", "x"), Self.finding(.linkBroken, "a.md", "x"),
        ]
        let fixed = baseline.classify(&findings) { _ in false }
        #expect(findings.map(\.baseline) == [.known, .known, .new, .new, .new, .new, .known, .new])
        // Of a.md's three code-missing entries two were matched: the third (line 3) was fixed, and b.md's.
        #expect(fixed.map(\.line) == [3, 5])
        #expect(fixed == fixed.sorted())
    }

    @Test("an exempt finding is new whatever the baseline holds, and leaves its entry fixed")
    func exempt() {
        let baseline = Baseline(findings: [Self.finding(.codeMissing, "a.md", "x")])
        var findings = [Self.finding(.codeMissing, "a.md", "x")]
        let fixed = baseline.classify(&findings) { $0.rule == FindingRule.codeMissing.id }
        #expect(findings.map(\.baseline) == [.new])
        #expect(fixed.count == 1)
    }

    @Test("no baseline entry: every finding is new, nothing fixed; no finding: every entry fixed")
    func empty() {
        var findings = [Self.finding(.codeMissing, "a.md", "x")]
        #expect(Baseline(findings: []).classify(&findings) { _ in false }.isEmpty)
        #expect(findings.map(\.baseline) == [.new])
        var none: [Finding] = []
        #expect(Baseline(findings: findings).classify(&none) { _ in false }.count == 1)
    }
}
