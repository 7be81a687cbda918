import StepwiseDiagnostics

/// Cross-checks a derived contract: client requests against server routes, client JSON against the
/// server's body type, and facts the generator needs but the analysis did not find.
struct ContractConsistency {
    var contract: Contract

    func check() -> [Diagnostic] {
        clientRoutes() + missingFacts() + platformsWithoutPayload()
    }

    /// The server route a client request goes to: same method, same path with parameters as wildcards.
    func serverRoute(for client: RouteFact) -> RouteFact? {
        contract.routes.first { server in
            server.side == .server && server.method == client.method && server.segments.count == client.segments.count
                && zip(server.segments, client.segments).allSatisfy { $0 == $1 || ($0.hasPrefix("{") && $1.hasPrefix("{")) }
        }
    }

    private func clientRoutes() -> [Diagnostic] {
        contract.routes.filter { $0.side == .client }.flatMap { client -> [Diagnostic] in
            let location = SourceLocation(path: client.source.path, line: client.source.line)
            guard let server = serverRoute(for: client) else {
                return [.warning("contract-route-unmatched", at: location, "client sends \(client.method) \(client.path) but no server route matches")]
            }
            var found: [Diagnostic] = []
            if Set(server.query) != Set(client.query) {
                found.append(.warning("contract-query-mismatch", at: location, "client query \(client.query) differs from the server's \(server.query) for \(server.name)"))
            }
            if let body = client.body, let dictionary = contract.jsonTypes.first(where: { $0.name == body }),
                let type = contract.jsonTypes.first(where: { $0.name == server.body }),
                Set(dictionary.fields.map(\.key)) != Set(type.fields.map(\.key)) {
                found.append(.warning("contract-json-mismatch", at: location, "client JSON keys \(dictionary.fields.map(\.key)) differ from \(type.name)'s \(type.fields.map(\.key))"))
            }
            return found
        }
    }

    private func missingFacts() -> [Diagnostic] {
        let required: [(String, Bool)] = [
            ("server routes", contract.routes.contains { $0.side == .server }),
            ("platform values", !contract.platforms.isEmpty),
            ("status codes", !contract.statuses.isEmpty),
            ("tag formats", !contract.tagFormats.isEmpty),
            ("native payloads", !contract.payloads.isEmpty),
            ("the credential rule", contract.rules.contains { $0.name == "credentialRule" }),
            ("the registration id storage key", contract.rules.contains { $0.kind == "storage" }),
            ("the retry rule", contract.rules.contains { $0.kind == "retry" }),
        ]
        return required.filter { !$0.1 }.map {
            .warning("contract-fact-missing", at: nil, "could not derive \($0.0) from the code samples; nothing generated for them")
        }
    }

    private func platformsWithoutPayload() -> [Diagnostic] {
        let sent = Set(contract.payloads.map(\.platform))
        return contract.platforms.filter { $0.role == "registration" && !sent.contains($0.value) }.map {
            .note("contract-platform-no-payload", at: SourceLocation(path: $0.source.path, line: $0.source.line), "platform '\($0.value)' can be registered but no payload is documented for it")
        }
    }
}
