import StepwiseDiagnostics

extension CheckReport {
    /// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` per finding.
    public func githubAnnotations() -> String {
        var lines = reportable.map { finding in
            WorkflowCommand.annotation(
                severity: finding.severity, path: finding.path, line: finding.line, column: finding.column, title: finding.rule, message: finding.message)
        }
        lines.append(summary.line)
        return lines.concatenated(separator: UInt8(ascii: "\n"), terminated: true)
    }
}
