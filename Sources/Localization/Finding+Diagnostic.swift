public import StepwiseDiagnostics

extension Finding {
    /// A finding from a diagnostic of another stage (reading, generation): same rule id, place and
    /// message, the fix appended.
    public init(diagnostic: Diagnostic, locale: String = "") {
        let known = (FindingRule.documentRules + FindingRule.alignmentRules + FindingRule.linkRules).first { $0.id == diagnostic.id }
        let rule = FindingRule(id: diagnostic.id, severity: diagnostic.severity, summary: known?.summary ?? diagnostic.summary)
        let fix = diagnostic.fix.map { " (\($0))" } ?? ""
        let location = diagnostic.location ?? SourceLocation(path: "")
        self.init(rule: rule, path: location.path, line: location.line, column: location.column,
                  message: diagnostic.summary + fix, locale: locale)
    }
}
