import StepwiseDiagnostics

/// Platform values from `switch` statements over a platform: what each `case "wns":` creates
/// (`new WindowsRegistrationDescription(…)`) or sends (`SendWindowsNativeNotificationAsync(toast, …)`),
/// and the native payload template assigned to the variable that is sent.
struct PlatformSwitchRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp else { return }
        let methods = unit.csharp.methods()
        for statement in SwitchStatement.all(in: unit.tokens) {
            let roles = PlaceholderRoles(method: methods.last { $0.body.contains(statement.range.lowerBound) }, tokens: unit.tokens)
            for section in statement.sections {
                guard let value = section.label else { continue }
                analyse(value, section, unit, roles, &contract, &diagnostics)
            }
        }
    }

    private func analyse(_ value: String, _ section: SwitchStatement.Section, _ unit: CodeUnit, _ roles: PlaceholderRoles, _ contract: inout Contract, _ diagnostics: inout [Diagnostic]) {
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
        contract.payloads.append(PayloadFact(platform: value, template: roles.apply(to: template.template), source: unit.source(line: template.line)))
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

/// Names a payload's placeholders by where their values come from: the `[FromBody]` parameter is the
/// `message`, a variable read from `HttpContext.Current.User` is the `sender`; others keep their name.
struct PlaceholderRoles {
    var roles: [String: String] = [:]

    init(method: CSharpMethod?, tokens: [CodeToken]) {
        guard let method else { return }
        for parameter in method.parameters where parameter.attributes.contains("FromBody") { roles[parameter.name] = "message" }
        for index in method.body where index + 3 < tokens.count && tokens[index + 1].isSymbol("=") && tokens[index + 2].isWord("HttpContext") {
            if tokens[(index + 2)..<min(index + 12, tokens.count)].contains(where: { $0.isWord("User") }) { roles[tokens[index].text] = "sender" }
        }
    }

    func apply(to template: StringTemplate) -> StringTemplate {
        StringTemplate(parts: template.parts.map { part in
            if case .placeholder(let name) = part { .placeholder(roles[name] ?? name) } else { part }
        })
    }
}
