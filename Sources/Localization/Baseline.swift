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
        // Each key (its three strings, hashed in place: not joined into a string per entry and per
        // finding) numbered once, and each entry's number kept: every key is hashed once per entry
        // and once per finding (a corpus has 85,000 of each).
        var numbers: [Key: Int] = [:]
        numbers.reserveCapacity(self.findings.count)
        var unused: [Int] = [], numberOf: [Int] = []
        numberOf.reserveCapacity(self.findings.count)
        // The number in a slot of `numbers`, the slot made (hashed once) with the next number if new.
        func number(_ slot: inout Int) -> Int { slot }
        for entry in self.findings {
            let next = unused.count
            let number = number(&numbers[Key(rule: entry.rule, path: entry.path, fingerprint: entry.fingerprint), default: next])
            if number == next { unused.append(0) }
            unused[number] += 1
            numberOf.append(number)
        }
        var matched = [Int](repeating: 0, count: unused.count)
        for index in findings.indices {
            guard !exempt(findings[index]), let fingerprint = findings[index].fingerprint,
                  let number = numbers[Key(rule: findings[index].rule, path: findings[index].path, fingerprint: fingerprint)], unused[number] > 0
            else {
                findings[index].baseline = .new
                continue
            }
            unused[number] -= 1
            matched[number] += 1
            findings[index].baseline = .known
        }
        // The first entries of a key are those matched; the rest were fixed.
        var fixed: [Entry] = []
        for (entry, number) in zip(self.findings, numberOf) {
            if matched[number] > 0 { matched[number] -= 1 } else { fixed.append(entry) }
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
