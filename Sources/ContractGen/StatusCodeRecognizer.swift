import StepwiseDiagnostics

/// Status codes (`HttpStatusCode.Forbidden`) and their meaning, read from where each one is used:
/// the `default:` of a switch (unknown value), a helper method (its name), a status variable's initial
/// value and the guarded assignments that change it, or a handler's normal return.
struct StatusCodeRecognizer: FactRecognizer {
    /// .NET `System.Net.HttpStatusCode` members and their numbers.
    static let codes: [String: Int] = [
        "OK": 200, "Created": 201, "Accepted": 202, "NoContent": 204, "BadRequest": 400, "Unauthorized": 401,
        "Forbidden": 403, "NotFound": 404, "Conflict": 409, "Gone": 410, "InternalServerError": 500,
        "NotImplemented": 501, "ServiceUnavailable": 503,
    ]

    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp else { return }
        let methods = unit.csharp.methods()
        let switches = SwitchStatement.all(in: unit.tokens)
        for (index, member) in unit.members(of: "HttpStatusCode") {
            guard let code = Self.codes[member] else {
                diagnostics.append(.warning("contract-status-unknown", at: unit.location(unit.tokens[index].line), "unknown HttpStatusCode member '\(member)'"))
                continue
            }
            let method = methods.last { $0.body.contains(index) }
            let meaning = meaning(at: index, method: method, switches: switches, unit: unit)
            contract.statuses.append(StatusFact(code: code, name: member, meaning: meaning, source: unit.source(line: unit.tokens[index].line)))
        }
    }

    private func meaning(at index: Int, method: CSharpMethod?, switches: [SwitchStatement], unit: CodeUnit) -> String {
        if let statement = switches.first(where: { $0.range.contains(index) }),
            statement.sections.contains(where: { $0.label == nil && $0.body.contains(index) }) {
            return "unknown \(statement.subject.lowercased())"
        }
        if let variable = variableInitialized(at: index, unit.tokens) {
            let conditions = assignments(of: variable, unit.tokens).flatMap { ConditionReader(tokens: unit.tokens).enclosing($0) }
            return conditions.isEmpty ? "initial value of \(variable)" : "when " + conditions.map(\.fails).joined(separator: " or ")
        }
        if index >= 2, unit.tokens[index - 1].isSymbol("="), unit.tokens[index - 2].kind == .identifier {
            let conditions = ConditionReader(tokens: unit.tokens).enclosing(index)
            if !conditions.isEmpty { return "when " + conditions.map(\.holds).joined(separator: " and ") }
        }
        guard let method else { return "status" }
        if CSharpRouteRecognizer.verbs.contains(where: method.name.hasPrefix), let controller = CSharpRouteRecognizer.controller(of: unit) {
            return "success of \(controller).\(method.name.lowercased())"
        }
        let failures = callSiteFailures(of: method.name, methods: unitMethods(unit), unit.tokens)
        return method.name.humanized + (failures.isEmpty ? "" : ": when " + failures.joined(separator: " or ") + " fails")
    }

    private func unitMethods(_ unit: CodeUnit) -> Set<String> { Set(unit.csharp.methods().map(\.name)) }

    /// For `if (check(a, b)) { … } else return Helper();`: the checks (methods of the sample) whose
    /// failure leads to a call of `helper`.
    private func callSiteFailures(of helper: String, methods: Set<String>, _ tokens: [CodeToken]) -> [String] {
        let calls = tokens.indices.filter { $0 > 1 && tokens[$0].isWord(helper) && tokens[$0 - 1].isWord("return") && tokens[$0 - 2].isWord("else") }
        return calls.compactMap { call -> String? in
            guard let condition = ConditionReader(tokens: tokens).condition(beforeElse: call - 2),
                tokens[condition.lowerBound].kind == .identifier, methods.contains(tokens[condition.lowerBound].text)
            else { return nil }
            return tokens.spelled(condition).replacingOccurrences(",", " ").split(separator: " ").joined(separator: ", ")
        }
    }

    /// `HttpStatusCode ret = HttpStatusCode.InternalServerError;` → `ret`.
    private func variableInitialized(at index: Int, _ tokens: [CodeToken]) -> String? {
        guard index >= 3, tokens[index - 1].isSymbol("="), tokens[index - 2].kind == .identifier,
            tokens[index - 3].isWord("HttpStatusCode")
        else { return nil }
        return tokens[index - 2].text
    }

    /// Indexes of `variable = HttpStatusCode.X` assignments.
    private func assignments(of variable: String, _ tokens: [CodeToken]) -> [Int] {
        tokens.indices.filter { index in
            index + 2 < tokens.count && tokens[index].isWord(variable) && tokens[index + 1].isSymbol("=")
                && tokens[index + 2].isWord("HttpStatusCode") && (index == 0 || tokens[index - 1].kind != .identifier)
        }
    }
}
