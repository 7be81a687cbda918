extension CheckReport {
    /// Findings grouped by file, one `path:line:col: severity: message [rule]` line each, then a
    /// summary line.
    public func text() -> String {
        var lines: [String] = []
        var currentPath: String?
        for finding in findings {
            if finding.path != currentPath {
                if currentPath != nil { lines.append("") }
                let count = findings.lazy.filter { $0.path == finding.path }.count
                lines.append("\(finding.path) (\(count) finding\(count == 1 ? "" : "s"))")
                currentPath = finding.path
            }
            lines.append(finding.formatted)
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
        return "\(severities) in \(count(documents, "document")) (\(count(files, "file")))\(sampleText)"
    }
}
