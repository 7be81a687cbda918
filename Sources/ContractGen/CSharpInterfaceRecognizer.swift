import StepwiseDiagnostics

/// Skeleton members from C#: each controller's verb methods become handler requirements, and a
/// message handler's (`: DelegatingHandler`) boolean checks become requirements of its own protocol.
struct CSharpInterfaceRecognizer {
    var mapping: TypeMapping

    func interfaces(_ units: [CodeUnit], diagnostics: inout [Diagnostic]) -> [InterfaceFact] {
        units.filter(\.isCSharp).compactMap { unit in
            let scanner = unit.csharp
            if let controller = CSharpRouteRecognizer.controller(of: unit) {
                let methods = scanner.methods().filter { $0.modifiers.contains("public") && CSharpRouteRecognizer.verbs.contains(where: $0.name.hasPrefix) }
                guard let first = methods.first else { return nil }
                let name = controller.prefix(1).uppercased() + controller.dropFirst() + "Controller"
                return InterfaceFact(name: name, language: "csharp", members: methods.compactMap { member($0, unit, &diagnostics) }, source: unit.source(line: first.line))
            }
            guard let handler = handlerClass(unit) else { return nil }
            let checks = scanner.methods().filter { $0.returnType == "bool" }
            return InterfaceFact(name: handler.name, language: "csharp", members: checks.compactMap { member($0, unit, &diagnostics) }, source: unit.source(line: handler.line))
        }
    }

    /// `public class AuthenticationTestHandler : DelegatingHandler`.
    private func handlerClass(_ unit: CodeUnit) -> (name: String, line: Int)? {
        let tokens = unit.tokens
        guard let index = tokens.indices.first(where: { $0 + 3 < tokens.count && tokens[$0].isWord("class") && tokens[$0 + 2].isSymbol(":") && tokens[$0 + 3].text.hasSuffix("Handler") }) else { return nil }
        return (tokens[index + 1].text, tokens[index].line)
    }

    private func member(_ method: CSharpMethod, _ unit: CodeUnit, _ diagnostics: inout [Diagnostic]) -> MemberFact? {
        var signature = SwiftSignature(name: method.name.lowerCamelCase, parameters: [])
        if let result = mapping.taskResult(csharp: method.returnType) {
            signature.isAsync = true
            signature.isThrowing = true
            signature.returnType = result
        } else if let type = mapping.swiftType(csharp: method.returnType) {
            signature.returnType = type
        } else {
            return unmapped(method.returnType, method, unit, &diagnostics)
        }
        for parameter in method.parameters {
            guard let type = mapping.swiftType(csharp: parameter.type) else { return unmapped(parameter.type, method, unit, &diagnostics) }
            let optional = parameter.defaultValue == "null" ? "?" : ""
            signature.parameters.append(SwiftParameter(label: nil, name: parameter.name.lowerCamelCase, type: type + optional))
        }
        if readsCurrentUser(method, unit.tokens) {
            signature.parameters.append(SwiftParameter(label: nil, name: "user", type: "String"))
        }
        let original = "\(method.returnType) \(method.name)(\(method.parameters.map { "\($0.type) \($0.name)" }.joined(separator: ", ")))"
        return MemberFact(original: original, requirement: .function(docs: [], signature: signature), line: method.line)
    }

    /// True when the body reads `HttpContext.Current.User`.
    private func readsCurrentUser(_ method: CSharpMethod, _ tokens: [CodeToken]) -> Bool {
        method.body.contains { index in
            index + 4 < tokens.count && tokens[index].isWord("HttpContext") && tokens[index + 2].isWord("Current") && tokens[index + 4].isWord("User")
        }
    }

    private func unmapped(_ type: String, _ method: CSharpMethod, _ unit: CodeUnit, _ diagnostics: inout [Diagnostic]) -> MemberFact? {
        diagnostics.append(.note("contract-type-unmapped", at: unit.location(method.line), "'\(method.name)': type '\(type)' has no documented Swift mapping; not part of the skeleton"))
        return nil
    }
}
