import StepwiseDiagnostics

/// Client-side rules read from Objective-C: the key a value is stored under in `NSUserDefaults`, how the
/// device token is formatted, how the returned id is trimmed, and the message body format.
struct ObjCRuleRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard !unit.isCSharp else { return }
        let tokens = unit.tokens
        let constants = stringConstants(tokens)
        for index in tokens.indices.dropLast(3) {
            if let rule = rule(at: index, tokens, constants) {
                contract.rules.append(RuleFact(kind: rule.kind, name: rule.name, value: rule.value, source: unit.source(line: tokens[index].line)))
            }
        }
    }

    /// `NSString *const Name = @"Value";` constants.
    private func stringConstants(_ tokens: [CodeToken]) -> [String: String] {
        var result: [String: String] = [:]
        for index in tokens.indices.dropFirst().dropLast(2) where tokens[index - 1].isWord("const") && tokens[index + 1].isSymbol("=") && tokens[index + 2].kind == .string {
            result[tokens[index].text] = tokens[index + 2].text
        }
        return result
    }

    private func rule(at index: Int, _ tokens: [CodeToken], _ constants: [String: String]) -> (kind: String, name: String, value: String)? {
        let token = tokens[index]
        guard token.kind == .identifier, tokens[index + 1].isSymbol(":") || token.text == "uppercaseString" || token.text == "NSMakeRange" else { return nil }
        switch token.text {
        case "forKey" where isUserDefaultsWrite(before: index, tokens):
            let key = tokens[index + 2].kind == .string ? tokens[index + 2].text : constants[tokens[index + 2].text]
            return key.map { ("storage", tokens[index + 2].text, $0) }
        case "characterSetWithCharactersInString" where tokens[index + 2].kind == .string:
            return ("deviceToken", "trimCharacters", tokens[index + 2].text)
        case "stringByReplacingOccurrencesOfString" where tokens[index + 2].kind == .string && tokens[index + 5].kind == .string && tokens[index + 5].text.isEmpty:
            return ("deviceToken", "removeString", tokens[index + 2].text)
        case "uppercaseString":
            return ("deviceToken", "uppercase", "true")
        case "NSMakeRange" where tokens[index + 2].text == "1" && tokens.spelled(index..<min(index + 12, tokens.count)).contains("length]-2"):
            return ("registrationId", "stripEnclosingCharacters", "1")
        case "stringWithFormat" where tokens[index + 2].kind == .string && tokens[index + 2].text == "\"%@\"":
            return ("message", "bodyFormat", "json-string")
        default:
            return nil
        }
    }

    private func isUserDefaultsWrite(before index: Int, _ tokens: [CodeToken]) -> Bool {
        let start = tokens[..<index].lastIndex { $0.isSymbol(";") } ?? 0
        return tokens[start..<index].contains { $0.text.hasSuffix("UserDefaults") } && tokens[start..<index].contains { $0.isWord("setObject") }
    }
}
