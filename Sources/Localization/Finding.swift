public import StepwiseDiagnostics

/// One problem `stepwise check` reports: a rule, a severity and the place it occurs.
public struct Finding: Hashable, Sendable, Codable {
    /// Where the corresponding source content is.
    public struct SourcePointer: Hashable, Sendable, Codable {
        public var path: String
        public var line: Int

        public init(path: String, line: Int) {
            self.path = path
            self.line = line
        }
    }

    public var rule: String
    public var severity: Severity
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    public var locale: String
    /// The document whose check found it (its path), nil for a finding about a file alone (the lint
    /// of a file shared by several documents): a partial check reports a document's findings exactly.
    public var document: String?
    public var source: SourcePointer?
    /// A suggested fix: replacement text or the proposed code.
    public var fix: String?
    /// Token differences of a code sample, for drift.
    public var diff: [TokenChange]?
    /// Identifies the finding across edits elsewhere in the file (see `FindingFingerprint`).
    public var fingerprint: String?
    /// Whether a baseline already lists the finding (`new` or `known`); nil without a baseline.
    public var baseline: BaselineState?

    public init(
        rule: FindingRule, severity: Severity? = nil, path: String, line: Int, column: Int = 1, message: String,
        locale: String, source: SourcePointer? = nil, fix: String? = nil, diff: [TokenChange]? = nil
    ) {
        self.rule = rule.id
        self.severity = severity ?? rule.severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.locale = locale
        self.source = source
        self.fix = fix
        self.diff = diff
    }

    /// `path:line:col: severity: message [rule]`
    public var formatted: String {
        "\(path):\(line):\(column): \(severity.rawValue): \(message) [\(rule)]"
    }

    /// `findings` sorted in report order (`reportOrder`), equal ones in the order given, as a stable
    /// sort by `reportOrder` sorts them (see `sortForReport`).
    public static func reportSorted(_ findings: [Finding]) -> [Finding] {
        var sorted = findings
        sortForReport(&sorted)
        return sorted
    }

    /// Sorts `findings` in report order in place, as `reportSorted` does: each path is compared with
    /// the others once, to rank it, and the findings by their path's rank, then place, rule, message
    /// and document — a report's hundred thousand findings share a few tens of thousands of paths.
    /// Findings in order already are left as they are; the others are moved to their places, never
    /// copied (a copy retains every string of a finding).
    public static func sortForReport(_ findings: inout [Finding]) {
        guard !findings.isSorted(by: reportOrder) else { return }
        let order = findings.withUnsafeBufferPointer { findings in
            // A path is looked up once per run of findings about it (findings come grouped by document).
            var ranks: [String: Int] = [:]
            for index in findings.indices where index == 0 || findings[index].path != findings[index - 1].path { ranks[findings[index].path] = 0 }
            for (rank, path) in ranks.keys.sorted().enumerated() { ranks[path] = rank }
            var rank = [Int](repeating: 0, count: findings.count)
            for index in findings.indices {
                rank[index] = index > 0 && findings[index].path == findings[index - 1].path ? rank[index - 1] : ranks[findings[index].path] ?? 0
            }
            return findings.indices.sorted { a, b in
                if rank[a] != rank[b] { return rank[a] < rank[b] }
                // Read in place, field by field: most comparisons are decided by the place.
                if findings[a].line != findings[b].line { return findings[a].line < findings[b].line }
                if findings[a].column != findings[b].column { return findings[a].column < findings[b].column }
                return (findings[a].rule, findings[a].message, findings[a].document ?? "\u{10FFFF}")
                    < (findings[b].rule, findings[b].message, findings[b].document ?? "\u{10FFFF}")
            }
        }
        findings.permute(to: order)
    }

    /// Orders findings by file, place, rule and message, then by the document that found them (findings
    /// about a file alone last): the order of every report, whichever documents were checked together.
    /// Field by field, read in place: comparing tuples of the fields copied (retained) five strings a
    /// side at every comparison, and reports compare their findings by the hundred thousand.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.path != b.path { return a.path < b.path }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.rule != b.rule { return a.rule < b.rule }
        if a.message != b.message { return a.message < b.message }
        return (a.document ?? "\u{10FFFF}") < (b.document ?? "\u{10FFFF}")
    }
}
