public import StepwiseDiagnostics

/// Everything `stepwise check` found: findings in report order, the alignments and staleness counts.
public struct CheckReport: Sendable, Codable {
    public static let schema = "stepwise.check/1"

    public var schema = CheckReport.schema
    public var findings: [Finding]
    public var alignments: [TutorialAlignment]
    /// Sentence staleness per bilingual file.
    public var staleness: [String: SentenceStaleness.Counts]
    public var summary: CheckSummary

    public init(findings: [Finding], alignments: [TutorialAlignment], staleness: [String: SentenceStaleness.Counts], documents: Int, files: Int) {
        self.findings = findings.sorted(by: Finding.reportOrder)
        self.alignments = alignments
        self.staleness = staleness
        summary = CheckSummary(findings: self.findings, alignments: alignments, documents: documents, files: files)
    }

    /// True when some finding is at or above `threshold`.
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return findings.contains { $0.severity >= threshold }
    }
}

/// Counts of a check: by severity, rule, locale and sample classification.
public struct CheckSummary: Hashable, Sendable, Codable {
    public var documents: Int
    public var files: Int
    public var findings: Int
    public var bySeverity: [String: Int]
    public var byRule: [String: Int]
    public var byLocale: [String: Int]
    public var samples: [String: Int]

    init(findings: [Finding], alignments: [TutorialAlignment], documents: Int, files: Int) {
        self.documents = documents
        self.files = files
        self.findings = findings.count
        bySeverity = Dictionary(grouping: findings, by: \.severity.rawValue).mapValues(\.count)
        byRule = Dictionary(grouping: findings, by: \.rule).mapValues(\.count)
        byLocale = Dictionary(grouping: findings, by: \.locale).mapValues(\.count)
        samples = Dictionary(grouping: alignments.flatMap(\.samples), by: \.verdict.classification.rawValue).mapValues(\.count)
    }
}
