extension CheckReport {
    /// GitHub Actions workflow commands: one `::error file=…,line=…,col=…,title=…::message` per finding.
    public func githubAnnotations() -> String {
        var lines = reportable.map { finding in
            let command = switch finding.severity {
            case .error: "error"
            case .warning: "warning"
            case .note: "notice"
            }
            let properties = [
                "file=" + Self.escapeProperty(finding.path), "line=\(finding.line)", "col=\(finding.column)",
                "title=" + Self.escapeProperty(finding.rule),
            ].joined(separator: ",")
            return "::\(command) \(properties)::\(Self.escapeData(finding.message))"
        }
        lines.append(summary.line)
        return lines.joined(separator: "\n") + "\n"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
