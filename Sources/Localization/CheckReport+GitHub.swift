import StepwiseDiagnostics

extension CheckReport {
    /// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` per finding.
    public func githubAnnotations() -> String {
        githubAnnotationPieces().concatenated()
    }

    /// `githubAnnotations()` in the pieces it is made of, to be printed one after the other: runs of
    /// findings written on all cores, each run one string (a corpus's findings are 85,000 lines:
    /// one string each, then joined, held the annotations twice), then the summary line.
    public func githubAnnotationPieces() -> [String] {
        let findings = reportable
        let runs = Array(findings.indices).concurrentRuns(minimumRun: 2_048) { run -> [String] in
            var text = ""
            for index in run {
                let finding = findings[index]
                text += WorkflowCommand.annotation(
                    severity: finding.severity, path: finding.path, line: finding.line, column: finding.column, title: finding.rule, message: finding.message)
                text += "\n"
            }
            return [text]
        }
        return runs + [summary.line + "\n"]
    }
}
