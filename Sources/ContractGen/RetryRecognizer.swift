import StepwiseDiagnostics

/// A retry rule: a method with a `BOOL retry` parameter that calls itself with `retry:NO` when the
/// status equals a number and `retry` is set, and is entered with `retry:YES`.
struct RetryRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard !unit.isCSharp else { return }
        let tokens = unit.tokens
        for method in unit.objc.methods() {
            guard let body = method.body, let flag = method.parts.first(where: { $0.type == "BOOL" }),
                let recursion = body.first(where: { tokens[$0].isWord(method.parts[0].keyword) && tokens[$0 - 1].isWord("self") })
            else { continue }
            guard let status = retryStatus(before: recursion, flag: flag.name ?? "", tokens) else {
                diagnostics.append(.warning("contract-retry-unknown", at: unit.location(tokens[recursion].line), "'\(method.selector)' calls itself but the retry condition is not a status comparison"))
                continue
            }
            contract.rules.append(RuleFact(kind: "retry", name: "retryStatus", value: status, source: unit.source(line: tokens[recursion].line)))
            contract.rules.append(RuleFact(kind: "retry", name: "maxRetries", value: "1", source: unit.source(line: method.line)))
            if !arguments(of: recursion, tokens).contains(where: { $0.contains("registrationId") || $0.contains("RegistrationId") }) {
                contract.rules.append(RuleFact(kind: "retry", name: "retryReusesStoredId", value: "true", source: unit.source(line: tokens[recursion].line)))
            }
        }
    }

    /// `statusCode == 410 && retry` in the `if` before the recursive call → `410`.
    private func retryStatus(before index: Int, flag: String, _ tokens: [CodeToken]) -> String? {
        guard let condition = ConditionReader(tokens: tokens).enclosingRanges(index).last,
            condition.contains(where: { tokens[$0].isWord(flag) }),
            let compare = condition.first(where: { tokens[$0].isSymbol("==") && tokens[$0 + 1].kind == .number })
        else { return nil }
        return tokens[compare + 1].text
    }

    private func arguments(of call: Int, _ tokens: [CodeToken]) -> [String] {
        let end = tokens[call...].firstIndex { $0.isSymbol("]") } ?? call
        return tokens[call..<end].filter { $0.kind == .identifier }.map(\.text)
    }
}
