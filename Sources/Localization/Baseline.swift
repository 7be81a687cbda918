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

        public init(rule: String, path: String, fingerprint: String, line: Int, message: String, document: String?) {
            (self.rule, self.path, self.fingerprint, self.line, self.message, self.document) = (rule, path, fingerprint, line, message, document)
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.path, a.rule, a.fingerprint, a.line, a.message, a.document ?? "") < (b.path, b.rule, b.fingerprint, b.line, b.message, b.document ?? "")
        }
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
    /// no finding matched (fixed since the baseline was written): of the entries of one key, those
    /// after the ones matched, in the baseline's order.
    public func classify(_ findings: inout [Finding], exempt: (Finding) -> Bool) -> [Entry] {
        // Counted by key (its three strings, hashed in place: not joined into a string per entry and
        // per finding, nor a list of entries kept per key, which a corpus's 85,000 made slow).
        var unused: [Key: Int] = [:]
        unused.reserveCapacity(self.findings.count)
        for entry in self.findings { unused[Key(rule: entry.rule, path: entry.path, fingerprint: entry.fingerprint), default: 0] += 1 }
        var matched: [Key: Int] = [:]
        for index in findings.indices {
            guard !exempt(findings[index]), let fingerprint = findings[index].fingerprint else {
                findings[index].baseline = .new
                continue
            }
            let key = Key(rule: findings[index].rule, path: findings[index].path, fingerprint: fingerprint)
            if let left = unused[key], left > 0 {
                unused[key] = left - 1
                matched[key, default: 0] += 1
                findings[index].baseline = .known
            } else {
                findings[index].baseline = .new
            }
        }
        // The first entries of a key are those matched; the rest were fixed.
        var fixed: [Entry] = []
        for entry in self.findings {
            let key = Key(rule: entry.rule, path: entry.path, fingerprint: entry.fingerprint)
            if let count = matched[key], count > 0 { matched[key] = count - 1 } else { fixed.append(entry) }
        }
        return fixed.sorted()
    }

    /// What matches a finding with an entry: its rule, file and fingerprint.
    private struct Key: Hashable {
        var rule: String
        var path: String
        var fingerprint: String
    }
}
