import StepwiseDiagnostics

/// JSON body types: C# classes made only of auto-properties (model-bound by Web API), and the keys of
/// Objective-C dictionary literals (`@{@"Platform" : …}`) serialized with `NSJSONSerialization`.
struct JSONTypeRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        if unit.isCSharp {
            for type in unit.csharp.classes() where !type.properties.isEmpty && isPlainData(type, unit) {
                let fields = type.properties.map { JSONField(key: $0.name, type: $0.type, line: $0.line) }
                contract.jsonTypes.append(JSONTypeFact(name: type.name, fields: fields, source: unit.source(line: type.line)))
            }
        } else {
            contract.jsonTypes += dictionaryLiterals(unit)
        }
    }

    /// A class whose body holds nothing but `{ get; set; }` properties.
    private func isPlainData(_ type: CSharpClass, _ unit: CodeUnit) -> Bool {
        guard let index = unit.tokens.firstIndex(where: { $0.line == type.line && $0.isWord("class") }),
            let open = unit.tokens.first(in: index..<unit.tokens.count, where: { $0.isSymbol("{") })
        else { return false }
        let body = unit.tokens[(open + 1)..<unit.tokens.closing(open)]
        let statements = body.filter { $0.isSymbol(";") }.count
        return statements == type.properties.count * 2 && !body.contains { $0.isSymbol("(") || $0.isSymbol("=") }
    }

    /// `NSDictionary* name = @{@"Key" : value, …};` → a JSON type named after the variable.
    private func dictionaryLiterals(_ unit: CodeUnit) -> [JSONTypeFact] {
        let tokens = unit.tokens
        return tokens.indices.compactMap { index in
            guard index + 2 < tokens.count, tokens[index].isSymbol("="), tokens[index + 1].text == "@",
                tokens[index + 2].isSymbol("{"), tokens[index - 1].kind == .identifier
            else { return nil }
            let close = tokens.closing(index + 2)
            let entries = tokens.split((index + 3)..<close, separator: ",")
            let fields = entries.compactMap { entry -> JSONField? in
                guard tokens[entry.lowerBound].kind == .string else { return nil }
                let value = tokens.split((entry.lowerBound + 1)..<entry.upperBound, separator: ":").last.map { tokens.spelled($0) } ?? ""
                return JSONField(key: tokens[entry.lowerBound].text, type: value, line: tokens[entry.lowerBound].line)
            }
            return JSONTypeFact(name: tokens[index - 1].text, fields: fields, source: unit.source(line: tokens[index].line))
        }
    }
}
