import StepwiseDiagnostics

/// Routes of ASP.NET Web API controllers: the convention `api/{controller}/{id}` applied to the
/// controller's verb-named methods, checked against the `// VERB api/…` comment above each method.
struct CSharpRouteRecognizer: FactRecognizer {
    static let verbs = ["Get", "Post", "Put", "Delete", "Patch"]
    /// Parameter types bound from the query string by Web API; anything else comes from the body.
    static let simpleTypes: Set<String> = ["string", "int", "long", "bool", "Guid", "double"]

    func recognize(_ unit: CodeUnit, into contract: inout Contract, diagnostics: inout [Diagnostic]) {
        guard unit.isCSharp, let controller = Self.controller(of: unit) else { return }
        for method in unit.csharp.methods() where method.modifiers.contains("public") {
            guard let verb = Self.verbs.first(where: { method.name.hasPrefix($0) }) else { continue }
            let route = route(method, verb: verb, controller: controller, unit: unit)
            check(route, against: method.comments, unit: unit, diagnostics: &diagnostics)
            contract.routes.append(route)
        }
    }

    /// `RegisterController.cs` → `register`.
    static func controller(of unit: CodeUnit) -> String? {
        guard let file = unit.file, file.hasSuffix("Controller.cs") else { return nil }
        return String(file.dropLast("Controller.cs".count)).lowercased()
    }

    private func route(_ method: CSharpMethod, verb: String, controller: String, unit: CodeUnit) -> RouteFact {
        let path = method.parameters.contains { $0.name == "id" } ? ["api", controller, "{id}"] : ["api", controller]
        let fromBody = method.parameters.first { $0.attributes.contains("FromBody") || !Self.simpleTypes.contains($0.type) }
        let query = method.parameters.filter { $0.name != "id" && $0 != fromBody }.map(\.name)
        return RouteFact(
            side: .server, name: "\(controller).\(verb.lowercased())", method: verb.uppercased(), segments: path,
            query: query, body: fromBody.map { $0.attributes.contains("FromBody") ? $0.name : $0.type },
            source: unit.source(line: method.line))
    }

    /// Warns when the `// PUT api/register/5` comment disagrees with the derived route.
    private func check(_ route: RouteFact, against comments: [String], unit: CodeUnit, diagnostics: inout [Diagnostic]) {
        for comment in comments {
            let words = comment.split(separator: " ")
            guard words.count >= 2, words[0] == route.method, words[1].hasPrefix("api/") else { continue }
            let documented = words[1].split(separator: "/").map(String.init)
            let derived = route.segments.map { $0.hasPrefix("{") ? "*" : $0 }
            let matches = documented.count == derived.count && zip(documented, derived).allSatisfy { $1 == "*" || $0 == $1 }
            if !matches {
                diagnostics.append(.warning(
                    "contract-route-comment", at: unit.location(route.source.line),
                    "comment says '\(comment)' but the method's signature gives \(route.method) \(route.path)"))
            }
        }
    }
}
