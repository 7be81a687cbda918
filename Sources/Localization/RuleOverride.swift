public import StepwiseDiagnostics

/// A project-wide change to one rule, from the project configuration: a new severity, or `off`.
/// Like an inline suppression it must give its reason.
public struct RuleOverride: Hashable, Sendable {
    public enum Level: Hashable, Sendable {
        case severity(Severity)
        case off
    }

    public var rule: String
    public var level: Level
    public var reason: String
    /// Where the override is written, for "unused" reports.
    public var path: String
    public var line: Int
    public var column: Int

    public init(rule: String, level: Level, reason: String, path: String, line: Int, column: Int = 1) {
        self.rule = rule
        self.level = level
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
    }
}

extension CheckReport {
    /// Applies severity overrides: changes severities, drops findings of rules turned off (counted
    /// as suppressed) and reports overrides that match no finding.
    public mutating func apply(_ overrides: [RuleOverride]) {
        // No override (most projects): every finding stays as it is, already in report order.
        guard !overrides.isEmpty else { return }
        var kept: [Finding] = []
        var suppressed = 0
        for var finding in findings {
            switch overrides.first(where: { $0.rule == finding.rule })?.level {
            case .off?: suppressed += 1; continue
            case .severity(let severity)?: finding.severity = severity
            case nil: break
            }
            kept.append(finding)
        }
        let used = Set(findings.map(\.rule))
        for override in overrides where !used.contains(override.rule) {
            kept.append(Finding(
                rule: .suppressionUnused, path: override.path, line: override.line, column: override.column,
                message: "the override of “\(override.rule)” matches no finding; remove it", locale: ""))
        }
        let documents = summary.documents, files = summary.files, earlier = summary.suppressed, linted = lintedFiles, counts = suppressions
        let sources = self.sources
        self = CheckReport(findings: kept, alignments: alignments, sampleCounts: sampleCounts, staleness: staleness, documents: documents, files: files)
            .keeping(checkedFiles: checkedFiles, documents: checkedDocuments)
        lintedFiles = linted
        self.sources = sources
        suppressions = counts
        summary.suppressed = earlier + suppressed
    }

    private func keeping(checkedFiles: Set<String>, documents: Set<String>) -> CheckReport {
        var report = self
        report.checkedFiles = checkedFiles
        report.checkedDocuments = documents
        return report
    }
}
