import StepwiseDiagnostics

/// One kind of analysis over a code sample: reads tokens and adds the facts it recognizes.
protocol FactRecognizer: Sendable {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic])
}

extension CodeUnit {
    /// The language-specific declaration scanners over this unit's tokens.
    var csharp: CSharpDeclarationScanner { CSharpDeclarationScanner(tokens: tokens) }
    var objc: ObjCDeclarationScanner { ObjCDeclarationScanner(tokens: tokens) }

    var isCSharp: Bool { sample.language == "csharp" || sample.language == "cs" }

    /// A location for a diagnostic at `line` of this sample.
    func location(_ line: Int) -> SourceLocation { SourceLocation(path: sample.origin.path, line: line) }

    /// Indexes of `a.b.c`-style member chains ending in `member` preceded by `owner`: `HttpStatusCode.Gone`.
    func members(of owner: String) -> [(index: Int, member: String)] {
        tokens.indices.compactMap { index in
            guard index + 2 < tokens.count, tokens[index].isWord(owner), tokens[index + 1].isSymbol("."),
                tokens[index + 2].kind == .identifier
            else { return nil }
            return (index, tokens[index + 2].text)
        }
    }
}

extension String {
    /// `to_tag` → `toTag`, `Endpoint` → `endpoint`, `ASPNETBackend` stays readable.
    var lowerCamelCase: String {
        let words = split(separator: "_")
        guard let first = words.first else { return self }
        if words.count == 1, first.allSatisfy({ $0.isUppercase || $0.isNumber }) { return first.lowercased() }
        let head = first.prefix { $0.isUppercase }
        let lowered = head.count > 1 && head.count < first.count ? String(head.dropLast()).lowercased() + first.dropFirst(head.count - 1) : first.prefix(1).lowercased() + first.dropFirst()
        return lowered + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `ReturnGoneIfHubResponseIsGone` → `return gone if hub response is gone`.
    var humanized: String {
        var words: [String] = []
        for char in self {
            if char.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(char)
        }
        return words.joined(separator: " ").lowercased()
    }
}
