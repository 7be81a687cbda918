import StepwiseDiagnostics

extension CheckReport {
    /// Findings grouped by file, one `path:line:col: severity: message [rule]` line each, then a
    /// summary line.
    public func text() -> String {
        textPieces().concatenated()
    }

    /// `text()` in the pieces it is made of, to be printed one after the other: a corpus's report
    /// is tens of megabytes, which joining copies whole once more.
    public func textPieces() -> [String] {
        let findings = reportable
        // Where each file's findings start (the report is in path order), then each run of findings
        // written to its bytes on all cores (a large repository has a hundred thousand), its files'
        // headers with it.
        let starts = findings.withUnsafeBufferPointer { findings in
            findings.indices.map { index in index == 0 || findings[index].path != findings[index - 1].path }
        }
        let indices = Array(findings.indices)
        // Each run written as a string (appending strings copies their bytes; making one string of
        // bytes checks them all again for UTF-8: a corpus's report is tens of megabytes).
        let chunks = indices.concurrentRuns(minimumRun: 2_048) { run -> [String] in
            var text = ""
            text.reserveCapacity(run.count * 160)
            for index in run {
                if starts[index] {
                    if index > 0 { text += "\n" }
                    let count = findings[index...].prefix { $0.path == findings[index].path }.count
                    text += "\(findings[index].path) (\(count) finding\(count == 1 ? "" : "s"))\n"
                }
                findings[index].appendFormatted(to: &text)
                text += "\n"
            }
            return [text]
        }
        var lines: [String] = []
        if !fixed.isEmpty {
            if !findings.isEmpty { lines.append("") }
            lines.append("fixed since the baseline (prune with --update-baseline):")
            lines += fixed.map { "  \($0.path):\($0.line): \($0.message) [\($0.rule)]" }
        }
        if !findings.isEmpty || !fixed.isEmpty { lines.append("") }
        lines.append(summary.line)
        return chunks + [lines.joined(separator: "\n") + "\n"]
    }
}

extension Finding {
    /// Appends `formatted` to `text`.
    func appendFormatted(to text: inout String) {
        // A number's text is a small string (no allocation).
        text += path
        text += ":"
        text += String(line)
        text += ":"
        text += String(column)
        text += ": "
        text += severity.rawValue
        text += ": "
        text += message
        text += " ["
        text += rule
        text += "]"
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
