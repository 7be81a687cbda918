import StepwiseDiagnostics

extension CheckReport {
    /// Findings grouped by file, one `path:line:col: severity: message [rule]` line each, then a
    /// summary line.
    public func text() -> String {
        let findings = reportable
        // Each finding's line is made on all cores (a large repository has a hundred thousand).
        let formatted = findings.concurrentRuns(minimumRun: 2_048) { $0.map(\.formatted) }
        var lines: [String] = []
        var start = findings.startIndex
        while start < findings.endIndex {
            let path = findings[start].path
            let end = findings[start...].firstIndex { $0.path != path } ?? findings.endIndex
            if start > findings.startIndex { lines.append("") }
            lines.append("\(path) (\(end - start) finding\(end - start == 1 ? "" : "s"))")
            lines += formatted[start..<end]
            start = end
        }
        if !fixed.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("fixed since the baseline (prune with --update-baseline):")
            lines += fixed.map { "  \($0.path):\($0.line): \($0.message) [\($0.rule)]" }
        }
        if !lines.isEmpty { lines.append("") }
        lines.append(summary.line)
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CheckSummary {
    /// `3 errors, 12 warnings, 40 notes in 5 documents (11 files); samples: 50 identical, …`
    public var line: String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let severities = [("error", bySeverity["error"] ?? 0), ("warning", bySeverity["warning"] ?? 0), ("note", bySeverity["note"] ?? 0)]
            .map { count($0.1, $0.0) }.joined(separator: ", ")
        let classes = SampleClassification.allCases.compactMap { kind in samples[kind.rawValue].map { "\($0) \(kind.rawValue)" } }
        let sampleText = classes.isEmpty ? "" : "; code samples: " + classes.joined(separator: ", ")
        let baseline = known + fixed > 0 ? "; baseline: \(known) known, \(fixed) fixed" : ""
        let ignored = suppressed > 0 ? "; \(suppressed) suppressed" : ""
        return "\(severities) in \(count(documents, "document")) (\(count(files, "file")))\(sampleText)\(baseline)\(ignored)"
    }
}
