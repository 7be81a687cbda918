import StepwiseDiagnostics

/// Tag formats: a string literal ending in `:` followed by `+ name` (`"username:" + username`),
/// where the result is added to a tag collection or stored in a tag array.
struct TagFormatRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp else { return }
        let tokens = unit.tokens
        for index in tokens.indices where isTagPrefix(at: index, tokens) {
            contract.tagFormats.append(TagFormatFact(
                prefix: tokens[index].text, placeholder: tokens[index + 2].text, source: unit.source(line: tokens[index].line)))
        }
    }

    private func isTagPrefix(at index: Int, _ tokens: [CodeToken]) -> Bool {
        guard tokens[index].kind == .string, tokens[index].text.hasSuffix(":"), tokens[index].text.count > 1,
            !tokens[index].text.contains(" "), index + 2 < tokens.count, tokens[index + 1].isSymbol("+"),
            tokens[index + 2].kind == .identifier
        else { return false }
        let statementStart = tokens[..<index].lastIndex { $0.isSymbol(";") || $0.isSymbol("{") || $0.isSymbol("}") } ?? 0
        return tokens[statementStart..<index].contains { $0.text.namesTagCollection }
    }
}

extension String {
    /// True for names of tag collections: `Tags`, `userTag`.
    var namesTagCollection: Bool { lowercased().hasSuffix("tag") || lowercased().hasSuffix("tags") }
}
