import StepwiseDiagnostics

/// The server's authentication: the header it reads (`Headers.GetValues("Authorization")`), the scheme
/// it requires (`StartsWith("Basic ", …)`), the credential separator (`Split(':')`) and the credential
/// rule — a boolean method returning a comparison of its two parameters (`return user == password;`).
struct AuthenticationRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp else { return }
        let tokens = unit.tokens
        for index in tokens.indices where index + 3 < tokens.count && tokens[index + 1].isSymbol("(") && tokens[index + 2].kind == .string {
            let argument = tokens[index + 2].text
            let source = unit.source(line: tokens[index].line)
            switch tokens[index].text {
            case "GetValues": contract.headers.append(HeaderFact(name: argument, value: "<scheme> <credentials>", route: nil, source: source))
            case "StartsWith" where argument.hasSuffix(" "): contract.rules.append(RuleFact(kind: "auth", name: "scheme", value: String(argument.dropLast()), source: source))
            case "Split": contract.rules.append(RuleFact(kind: "auth", name: "credentialSeparator", value: argument, source: source))
            default: break
            }
        }
        for method in unit.csharp.methods() where method.returnType == "bool" && method.parameters.count == 2 {
            guard let rule = comparison(in: method, tokens) else { continue }
            contract.rules.append(RuleFact(kind: "auth", name: "credentialRule", value: rule, source: unit.source(line: method.line)))
        }
    }

    /// `return a == b;` over the method's two parameters → `a == b`.
    private func comparison(in method: CSharpMethod, _ tokens: [CodeToken]) -> String? {
        let names = method.parameters.map(\.name)
        guard let start = tokens.first(in: method.body, where: { $0.isWord("return") }), start + 4 < method.body.upperBound,
            tokens[start + 4].isSymbol(";"), ["==", "!="].contains(tokens[start + 2].text),
            Set([tokens[start + 1].text, tokens[start + 3].text]) == Set(names)
        else { return nil }
        return "\(tokens[start + 1].text) \(tokens[start + 2].text) \(tokens[start + 3].text)"
    }
}
