public import StepwiseDiagnostics

/// Platform values from `switch` statements over a platform: what each `case "wns":` creates
/// (`new WindowsRegistrationDescription(…)`) or sends (`SendWindowsNativeNotificationAsync(toast, …)`),
/// and the native payload template assigned to the variable that is sent.
struct PlatformSwitchRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp else { return }
        for statement in SwitchStatement.all(in: unit.tokens) {
            for section in statement.sections {
                guard let value = section.label else { continue }
                analyse(value, section, unit, &contract, &diagnostics)
            }
        }
    }

    private func analyse(_ value: String, _ section: SwitchStatement.Section, _ unit: CodeUnit, _ contract: inout Contract, _ diagnostics: inout [Diagnostic]) {
        let tokens = unit.tokens
        let source = unit.source(line: section.line)
        if let created = tokens.first(in: section.body, where: { $0.isWord("new") }), tokens[created + 1].text.hasSuffix("Description") {
            contract.platforms.append(PlatformFact(value: value, role: "registration", mapsTo: tokens[created + 1].text, source: source))
        }
        guard let send = tokens.first(in: section.body, where: { $0.kind == .identifier && $0.text.hasPrefix("Send") && $0.text.hasSuffix("Async") }) else { return }
        contract.platforms.append(PlatformFact(value: value, role: "send", mapsTo: tokens[send].text, source: source))
        let payloadVariable = tokens[send + 2].text
        guard let template = assignment(of: payloadVariable, in: section.body, tokens) else {
            diagnostics.append(.warning("contract-payload-unknown", at: unit.location(section.line), "cannot read the '\(value)' payload: '\(payloadVariable)' is not a string concatenation"))
            return
        }
        contract.payloads.append(PayloadFact(platform: value, template: template.template, source: unit.source(line: template.line)))
    }

    /// `var name = "…" + user + "…";` inside `range`, read as a template.
    private func assignment(of name: String, in range: Range<Int>, _ tokens: [CodeToken]) -> (template: StringTemplate, line: Int)? {
        guard let index = tokens.first(in: range, where: { $0.isWord(name) }), tokens[index + 1].isSymbol("="),
            let end = tokens.first(in: (index + 2)..<range.upperBound, where: { $0.isSymbol(";") }),
            let template = StringTemplate.concatenation(tokens, (index + 2)..<end)
        else { return nil }
        return (template, tokens[index].line)
    }
}
