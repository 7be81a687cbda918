/// Routes, headers and content types → `Routes.swift`.
struct RouteTranslator {
    var contract: Contract
    var citation: Citation

    func file() -> SwiftFile {
        SwiftFile(name: "Routes.swift", declarations: [routes, headers, contentTypes].sorted { $0.name < $1.name })
    }

    /// The client requests that go to `server`.
    private func clients(of server: RouteFact) -> [RouteFact] {
        contract.routes.filter { $0.side == .client && ContractConsistency(contract: contract).serverRoute(for: $0) == server }
    }

    private var routes: SwiftDeclaration {
        let members = contract.routes.filter { $0.side == .server }.map { route -> SwiftDeclaration in
            let query = route.query.isEmpty ? "" : "?" + route.query.map { "\($0)=" }.joined(separator: "&")
            let body = route.body.map { " Body: `\($0)`." } ?? ""
            let docs = ["`\(route.method) \(route.path)\(query)`.\(body)"] + citation.lines([route.source] + clients(of: route).map(\.source))
            let value = SwiftExpression.call("ContractRoute", [
                SwiftArgument("method", .string(route.method)), SwiftArgument("segments", .array(route.segments.map(SwiftExpression.string))),
                SwiftArgument("query", .array(route.query.map(SwiftExpression.string))), SwiftArgument("body", route.body.map(SwiftExpression.string) ?? .reference("nil")),
            ])
            return .constant(route.name.split(separator: ".").map(String.init).joined(separator: "_").lowerCamelCase, "ContractRoute", value, docs: docs)
        }
        return .namespace("Routes", docs: ["The HTTP routes of the backend (ASP.NET Web API convention `api/{controller}/{id}`)."], members)
    }

    private var headers: SwiftDeclaration {
        let grouped = Dictionary(grouping: contract.headers, by: \.name)
        let members = grouped.keys.sorted().map { name -> SwiftDeclaration in
            let facts = grouped[name]!
            let values = Set(facts.map(\.value)).sorted().map { "`\($0)`" }.joined(separator: ", ")
            return .constant(name.replacingOccurrences("-", "_").lowerCamelCase, "String", .string(name), docs: ["Values: \(values)."] + citation.lines(facts.map(\.source)))
        }
        return .namespace("Headers", docs: ["Request header names."], members)
    }

    private var contentTypes: SwiftDeclaration {
        let facts = contract.headers.filter { $0.name.lowercased() == "content-type" && !$0.value.contains("<") }
        let members = facts.compactMap { fact -> SwiftDeclaration? in
            guard let client = contract.routes.first(where: { $0.side == .client && $0.name == fact.route }),
                let server = ContractConsistency(contract: contract).serverRoute(for: client)
            else { return nil }
            let name = server.name.split(separator: ".").map(String.init).joined(separator: "_").lowerCamelCase
            return .constant(name, "String", .string(fact.value), docs: ["The content type of `\(server.method) \(server.path)` requests."] + citation.lines([fact.source]))
        }
        return .namespace("ContentTypes", docs: ["Content types the client sends, by route."], members)
    }
}

extension String {
    func replacingOccurrences(_ target: Character, _ replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
