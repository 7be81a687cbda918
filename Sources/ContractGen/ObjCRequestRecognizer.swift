import StepwiseDiagnostics

/// Requests the Objective-C client sends, read per method: the URL format string
/// (`@"%@/api/register?handle=%@"` and its arguments), `setHTTPMethod:`, `setValue:forHTTPHeaderField:`
/// and `setHTTPBody:`.
struct ObjCRequestRecognizer: FactRecognizer {
    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard !unit.isCSharp else { return }
        for method in unit.objc.methods() {
            guard let body = method.body, let url = urlFormat(in: body, unit.tokens) else { continue }
            let requests = MessageSends(tokens: unit.tokens, range: body)
            guard let verb = requests.argument(of: "setHTTPMethod").map({ unit.tokens[$0].text }) else {
                diagnostics.append(.warning("contract-request-method", at: unit.location(url.line), "request to '\(url.format)' sets no HTTP method"))
                continue
            }
            var route = ObjCURLFormat(format: url.format, arguments: url.arguments).route(method: verb, source: unit.source(line: url.line))
            route.body = requests.argument(of: "setHTTPBody").map { requests.jsonSource(of: unit.tokens[$0].text) ?? unit.tokens[$0].text }
            contract.routes.append(route)
            contract.headers += headers(requests, route: route.name, unit: unit)
        }
    }

    /// The first `stringWithFormat:@"%@/…"` whose format is a URL below the endpoint.
    private func urlFormat(in body: Range<Int>, _ tokens: [CodeToken]) -> (format: String, arguments: [String], line: Int)? {
        for index in body where tokens[index].isWord("stringWithFormat") && tokens[index + 2].kind == .string {
            let format = tokens[index + 2].text
            guard format.hasPrefix("%@/") else { continue }
            let close = tokens[index..<body.upperBound].firstIndex { $0.isSymbol("]") } ?? body.upperBound
            let arguments = tokens.split((index + 3)..<close, separator: ",").dropFirst().map { tokens[$0].last { $0.kind == .identifier }?.text ?? "" }
            return (format, arguments, tokens[index].line)
        }
        return nil
    }

    private func headers(_ sends: MessageSends, route: String, unit: CodeUnit) -> [HeaderFact] {
        sends.calls(of: "setValue", labelled: "forHTTPHeaderField").compactMap { value, field in
            let tokens = unit.tokens
            guard tokens[field].kind == .string else { return nil }
            let text = tokens[value].kind == .string ? tokens[value].text : sends.formatted(variable: tokens[value].text) ?? "<\(tokens[value].text)>"
            return HeaderFact(name: tokens[field].text, value: text, route: route, source: unit.source(line: tokens[field].line))
        }
    }
}
