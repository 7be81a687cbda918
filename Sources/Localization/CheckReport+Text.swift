import StepwiseDiagnostics

extension CheckReport {
    /// Findings grouped by file, one `path:line:col: severity: message [rule]` line each, then a
    /// summary line.
    public func text() -> String {
        let findings = reportable
        // Where each file's findings start (the report is in path order), then each run of findings
        // written to its bytes on all cores (a large repository has a hundred thousand), its files'
        // headers with it.
        let starts = findings.withUnsafeBufferPointer { findings in
            findings.indices.map { index in index == 0 || findings[index].path != findings[index - 1].path }
        }
        let indices = Array(findings.indices)
        let chunks = indices.concurrentRuns(minimumRun: 2_048) { run -> [[UInt8]] in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(run.count * 160)
            for index in run {
                if starts[index] {
                    if index > 0 { bytes.append(0x0A) }
                    let count = findings[index...].prefix { $0.path == findings[index].path }.count
                    bytes.append(contentsOf: "\(findings[index].path) (\(count) finding\(count == 1 ? "" : "s"))\n".utf8)
                }
                findings[index].appendFormatted(to: &bytes)
                bytes.append(0x0A)
            }
            return [bytes]
        }
        var lines: [String] = []
        if !fixed.isEmpty {
            if !findings.isEmpty { lines.append("") }
            lines.append("fixed since the baseline (prune with --update-baseline):")
            lines += fixed.map { "  \($0.path):\($0.line): \($0.message) [\($0.rule)]" }
        }
        if !findings.isEmpty || !fixed.isEmpty { lines.append("") }
        lines.append(summary.line)
        let trailer = Array((lines.joined(separator: "\n") + "\n").utf8)
        // The runs' bytes and the trailer copied once, into the text made at their size (not each
        // run made a string of its own, then the whole copied again: a large repository's report is
        // tens of megabytes).
        let parts = chunks + [trailer]
        return String(assembling: parts.reduce(0) { $0 + $1.count }) { append in
            for part in parts { part.withUnsafeBufferPointer(append) }
        }
    }
}

extension Finding {
    /// Appends `formatted`'s UTF-8 to `bytes`.
    func appendFormatted(to bytes: inout [UInt8]) {
        bytes.append(contentsOf: path.utf8)
        // A number's text is a small string (no allocation): its bytes are copied.
        bytes.append(0x3A)
        bytes.append(contentsOf: String(line).utf8)
        bytes.append(0x3A)
        bytes.append(contentsOf: String(column).utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: severity.rawValue.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: message.utf8)
        bytes.append(contentsOf: " [".utf8)
        bytes.append(contentsOf: rule.utf8)
        bytes.append(0x5D)
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
