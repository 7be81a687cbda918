public import StepwiseDiagnostics
public import TutorialModel

/// Everything `stepwise check` found: findings in report order, the alignments and staleness counts.
public struct CheckReport: Sendable, Codable {
    public static let schema = "stepwise.check/1"

    public var schema = CheckReport.schema
    public var findings: [Finding]
    public var alignments: [TutorialAlignment]
    /// The source document each checked translation or older edition was aligned with (target →
    /// source, by `source` path): kept when a cached part drops its alignments.
    public var sources: [String: String]
    /// Sentence staleness per bilingual file.
    public var staleness: [String: SentenceStaleness.Counts]
    public var summary: CheckSummary
    /// Baseline entries that no longer occur.
    public var fixed: [Baseline.Entry] = []
    /// The files checked: a baseline entry elsewhere is out of scope, not fixed.
    public var checkedFiles: Set<String> = []
    /// The documents checked: a baseline entry another document found is out of scope too.
    public var checkedDocuments: Set<String> = []
    /// The files linted (each document and every include it reads), a subset of `checkedFiles`.
    public var lintedFiles: Set<String> = []
    /// Findings removed by inline suppressions, counted where they belong, so that parts merge exactly.
    public var suppressions = Suppressed()
    /// The links and page anchors of every checked document, sorted by document: link findings depend
    /// on other documents, so they are made once every part is merged (`stepwise check` adds them).
    public var links: [DocumentLinks] = []

    /// Counts of suppressed findings: per document for a document's findings, per file for findings
    /// about a file alone (a file shared by several documents is counted once).
    public struct Suppressed: Hashable, Sendable, Codable {
        public var byDocument: [String: Int] = [:]
        public var byFile: [String: Int] = [:]

        public init() {}

        init(_ findings: [Finding]) {
            for finding in findings {
                if let document = finding.document { byDocument[document, default: 0] += 1 } else { byFile[finding.path, default: 0] += 1 }
            }
        }
    }

    /// True when this run covers `entry`: it checked the document that found it, or the file of a
    /// finding about a file alone.
    public func covers(_ entry: Baseline.Entry) -> Bool {
        entry.document.map(checkedDocuments.contains) ?? checkedFiles.contains(entry.path)
    }

    /// How the aligned code samples were classified (matches, drift, missing…), counted: what the
    /// summary shows of the alignments, kept when a cached part drops them.
    public var sampleCounts: [String: Int]

    public init(findings: [Finding], alignments: [TutorialAlignment], staleness: [String: SentenceStaleness.Counts], documents: Int, files: Int) {
        self.init(findings: findings, alignments: alignments, sampleCounts: Self.sampleCounts(alignments), staleness: staleness, documents: documents, files: files)
    }

    init(findings: consuming [Finding], alignments: [TutorialAlignment], sampleCounts: [String: Int], staleness: [String: SentenceStaleness.Counts], documents: Int, files: Int) {
        // Sorted in place: the findings a caller hands over (merged parts: a corpus's) are not copied.
        var findings = consume findings
        Finding.sortForReport(&findings)
        self.findings = findings
        self.alignments = alignments
        sources = Dictionary(alignments.map { ($0.target.path, $0.source.path) }, uniquingKeysWith: { first, _ in first })
        self.sampleCounts = sampleCounts
        self.staleness = staleness
        summary = CheckSummary(findings: self.findings, samples: sampleCounts, documents: documents, files: files)
    }

    /// As the synthesized conformance encodes it, each set in ascending order: a set iterates in an
    /// order that differs from run to run (hashing is seeded per process), and the same report must
    /// give the same bytes (a shard's site part holds one).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schema, forKey: .schema)
        try container.encode(findings, forKey: .findings)
        try container.encode(alignments, forKey: .alignments)
        try container.encode(sources, forKey: .sources)
        try container.encode(staleness, forKey: .staleness)
        try container.encode(summary, forKey: .summary)
        try container.encode(fixed, forKey: .fixed)
        try container.encode(checkedFiles.sorted(), forKey: .checkedFiles)
        try container.encode(checkedDocuments.sorted(), forKey: .checkedDocuments)
        try container.encode(lintedFiles.sorted(), forKey: .lintedFiles)
        try container.encode(suppressions, forKey: .suppressions)
        try container.encode(links, forKey: .links)
        try container.encode(sampleCounts, forKey: .sampleCounts)
    }

    static func sampleCounts(_ alignments: [TutorialAlignment]) -> [String: Int] {
        Dictionary(grouping: alignments.flatMap(\.samples), by: \.verdict.classification.rawValue).mapValues(\.count)
    }

    /// Adds findings from outside the drift checks (generated output, links), keeping report order:
    /// the new findings are sorted and merged in, as sorting all of them again would order them.
    /// The summary counts them too; what a baseline marked is cleared.
    public mutating func add(_ extra: [Finding]) {
        guard !extra.isEmpty else { return }
        if findings.isSorted(by: Finding.reportOrder) {
            findings.merge(sorted: Finding.reportSorted(extra), by: Finding.reportOrder)
        } else {
            findings = Finding.reportSorted(findings + extra)
        }
        // Every count of the summary is a sum over the findings: those added are counted on top of a
        // summary of the others (a run adds its own findings, then the links', to a corpus's merged
        // findings), unless a baseline has classified them since.
        if fixed.isEmpty, summary.known == 0, summary.fixed == 0, summary.findings + extra.count == findings.count {
            summary.count(extra)
        } else {
            let suppressed = summary.suppressed
            summary = CheckSummary(findings: findings, samples: sampleCounts, documents: summary.documents, files: summary.files)
            summary.suppressed = suppressed
        }
        fixed = []
    }

    /// Rules whose findings a baseline never accepts (generated output must simply be regenerated).
    public static let neverBaselined: Set<String> = ["generated-stale"]

    /// Marks findings the baseline already lists as known and records the entries that were fixed.
    public mutating func apply(_ baseline: Baseline) {
        fixed = baseline.classify(&findings) { Self.neverBaselined.contains($0.rule) }
            .filter(covers)
        let suppressed = summary.suppressed
        summary = CheckSummary(findings: reportable, samples: sampleCounts, documents: summary.documents, files: summary.files)
        summary.suppressed = suppressed
        summary.known = findings.count - reportable.count
        summary.fixed = fixed.count
    }

    /// Findings that count: everything without a baseline, only new ones with one.
    public var reportable: [Finding] {
        // Without a known finding (no baseline, or none of it found again), every finding: not a copy.
        let known = findings.withUnsafeBufferPointer { findings in findings.indices.contains { findings[$0].baseline == .known } }
        return known ? findings.filter { $0.baseline != .known } : findings
    }

    /// True when some reportable finding is at or above `threshold`.
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return reportable.contains { $0.severity >= threshold }
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
    /// Findings the baseline accepts, and baseline entries that no longer occur.
    public var known = 0
    public var fixed = 0
    /// Findings removed by inline `stepwise-ignore` comments.
    public var suppressed = 0

    init(findings: [Finding], samples: [String: Int], documents: Int, files: Int) {
        self.documents = documents
        self.files = files
        self.findings = 0
        (bySeverity, byRule, byLocale) = ([:], [:], [:])
        self.samples = samples
        count(findings)
    }

    /// Adds `findings` to the counts, in one pass, without grouping (copying) them. A run of findings
    /// with the same rule or locale (a document's findings share their locale, and often their rule)
    /// is counted once it ends: a key is hashed per run, not per finding.
    mutating func count(_ findings: [Finding]) {
        self.findings += findings.count
        var (notes, warnings, errors) = (0, 0, 0)
        var rules = RunTally(), locales = RunTally()
        // Read in place (through the buffer): a finding copied whole would retain every string it holds.
        findings.withUnsafeBufferPointer { findings in
            for index in findings.indices {
                switch findings[index].severity {
                case .note: notes += 1
                case .warning: warnings += 1
                case .error: errors += 1
                }
                rules.add(findings[index].rule, into: &byRule)
                locales.add(findings[index].locale, into: &byLocale)
            }
        }
        rules.end(into: &byRule)
        locales.end(into: &byLocale)
        for (severity, count) in [(Severity.note, notes), (.warning, warnings), (.error, errors)] where count > 0 {
            bySeverity[severity.rawValue, default: 0] += count
        }
    }
}

/// Counts of keys that come in runs: the key of the current run and its length, added to the
/// counts when another key comes.
private struct RunTally {
    var key: String?
    var length = 0

    mutating func add(_ next: String, into counts: inout [String: Int]) {
        if next == key {
            length += 1
        } else {
            end(into: &counts)
            (key, length) = (next, 1)
        }
    }

    mutating func end(into counts: inout [String: Int]) {
        if let key, length > 0 { counts[key, default: 0] += length }
        length = 0
    }
}
