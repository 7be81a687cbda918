/// Whether a finding is new or already accepted in the baseline.
public enum BaselineState: String, Hashable, Sendable, Codable {
    case new, known
}

/// Accepted findings, committed as `.stepwise/baseline.json`: one entry per finding, keyed by rule,
/// file and fingerprint (never by line number), sorted so the file diffs well in review.
public struct Baseline: Hashable, Sendable, Codable {
    public static let schema = "stepwise.baseline/1"

    public struct Entry: Hashable, Sendable, Codable, Comparable {
        public var rule: String
        public var path: String
        public var fingerprint: String
        /// For the reviewer only: where and what the finding was when it was accepted.
        public var line: Int
        public var message: String
        /// The document whose check found it; nil for a finding about a file alone.
        public var document: String?

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.path, a.rule, a.fingerprint, a.line, a.message, a.document ?? "") < (b.path, b.rule, b.fingerprint, b.line, b.message, b.document ?? "")
        }

        var key: String { rule + "\u{1F}" + path + "\u{1F}" + fingerprint }
    }

    public var schema = Baseline.schema
    public var findings: [Entry]

    public init(findings: [Finding]) {
        self.findings = findings.compactMap { finding in
            finding.fingerprint.map {
                Entry(rule: finding.rule, path: finding.path, fingerprint: $0, line: finding.line, message: finding.message,
                      document: finding.document)
            }
        }.sorted()
    }

    /// Marks each finding `known` when an unused entry has its key, else `new`; returns the entries
    /// no finding matched (fixed since the baseline was written).
    public func classify(_ findings: inout [Finding], exempt: (Finding) -> Bool) -> [Entry] {
        var remaining: [String: [Entry]] = [:]
        for entry in self.findings { remaining[entry.key, default: []].append(entry) }
        for index in findings.indices {
            guard !exempt(findings[index]), let fingerprint = findings[index].fingerprint else {
                findings[index].baseline = .new
                continue
            }
            let key = findings[index].rule + "\u{1F}" + findings[index].path + "\u{1F}" + fingerprint
            if var entries = remaining[key], !entries.isEmpty {
                entries.removeFirst()
                remaining[key] = entries
                findings[index].baseline = .known
            } else {
                findings[index].baseline = .new
            }
        }
        return remaining.values.flatMap { $0 }.sorted()
    }
}
