/// Client and authentication rules → `Rules.swift`.
struct RuleTranslator {
    var contract: Contract
    var citation: Citation

    func file() -> SwiftFile {
        let namespaces = [storage, deviceToken, registrationId, retry, authentication, message].compactMap { $0 }
        return SwiftFile(name: "Rules.swift", declarations: namespaces.sorted { $0.name < $1.name })
    }

    /// The rules of `kind`, one per name and value, sorted; repeated facts keep every source.
    private func rules(_ kind: String) -> [RuleFact] {
        let grouped = Dictionary(grouping: contract.rules.filter { $0.kind == kind }) { "\($0.name)\u{0}\($0.value)" }
        return grouped.values.map { $0.sorted { $0.source < $1.source }[0] }.sorted { ($0.name, $0.source) < ($1.name, $1.source) }
    }

    /// Every source of the rule named like `rule`.
    private func sources(_ rule: RuleFact) -> [FactSource] {
        contract.rules.filter { $0.kind == rule.kind && $0.name == rule.name && $0.value == rule.value }.map(\.source)
    }

    private func constant(_ rule: RuleFact, type: String, _ value: SwiftExpression, _ summary: String) -> SwiftDeclaration {
        .constant(rule.name.lowerCamelCase, type, value, docs: [summary] + citation.lines(sources(rule)))
    }

    private var storage: SwiftDeclaration? {
        let facts = Dictionary(grouping: rules("storage"), by: \.name)
        guard !facts.isEmpty else { return nil }
        let members = facts.keys.sorted().map { name in
            let rule = facts[name]!
            return SwiftDeclaration.constant(name.lowerCamelCase, "String", .string(rule[0].value), docs: ["The key the registration id is stored under on the device."] + citation.lines(rule.map(\.source)))
        }
        return .namespace("ClientStorage", docs: ["Keys of the client's local key-value storage (`NSUserDefaults`)."], members)
    }

    private var deviceToken: SwiftDeclaration? {
        let facts = rules("deviceToken")
        guard !facts.isEmpty else { return nil }
        var members: [SwiftDeclaration] = []
        var body: [SwiftStatement] = [.line("var token = description")]
        for fact in facts {
            switch fact.name {
            case "trimCharacters":
                members.append(constant(fact, type: "String", .string(fact.value), "Characters trimmed from both ends of the token's description."))
                body.append(.line("token = String(token.drop { trimCharacters.contains($0) }.reversed().drop { trimCharacters.contains($0) }.reversed())"))
            case "removeString":
                members.append(constant(fact, type: "String", .string(fact.value), "Removed from the token's description."))
                body.append(.line("token = token.split(separator: removeString, omittingEmptySubsequences: false).joined()"))
            default:
                members.append(constant(fact, type: "Bool", .bool(true), "The token is upper-cased."))
                body.append(.line("token = token.uppercased()"))
            }
        }
        members.append(.function(SwiftFunction(
            docs: ["The token string sent as the registration's handle, from the device token's description (`<0a1b 2c3d>`)."],
            signature: SwiftSignature(name: "format", parameters: [SwiftParameter(label: "description", name: "description", type: "String")], isStatic: true, returnType: "String"),
            body: body + [.line("return token")])))
        return .namespace("DeviceTokenFormat", docs: ["How the client turns the APNs device token into the handle it registers."], members)
    }

    private var registrationId: SwiftDeclaration? {
        guard let fact = rules("registrationId").first, let count = Int(fact.value) else { return nil }
        let strip = constant(fact, type: "Int", .int(count), "Characters removed from each end of the id the backend returns (its JSON quotes).")
        let parse = SwiftDeclaration.function(SwiftFunction(
            docs: ["The registration id in a `POST api/register` response body."],
            signature: SwiftSignature(name: "parse", parameters: [SwiftParameter(label: "_", name: "body", type: "String")], isStatic: true, returnType: "String"),
            body: [.line("guard body.count >= 2 * stripEnclosingCharacters else { return body }"), .line("return String(body.dropFirst(stripEnclosingCharacters).dropLast(stripEnclosingCharacters))")]))
        return .namespace("RegistrationIdFormat", docs: ["How the client reads the id returned by `POST api/register`."], [strip, parse])
    }

    private var retry: SwiftDeclaration? {
        let facts = rules("retry")
        guard !facts.isEmpty else { return nil }
        let members = facts.map { fact -> SwiftDeclaration in
            switch fact.name {
            case "retryReusesStoredId": constant(fact, type: "Bool", .bool(true), "The documented retry passes no new id: it reuses the stored (stale) registration id.")
            case "maxRetries": constant(fact, type: "Int", .int(Int(fact.value) ?? 1), "How many times registration is retried.")
            default: constant(fact, type: "Int", .int(Int(fact.value) ?? 0), "The status that makes the client register again.")
            }
        }
        return .namespace("RetryRule", docs: ["When the client retries a registration."], members)
    }

    private var authentication: SwiftDeclaration? {
        let facts = rules("auth")
        guard !facts.isEmpty else { return nil }
        let members = facts.map { fact -> SwiftDeclaration in
            guard fact.name == "credentialRule" else {
                return constant(fact, type: "String", .string(fact.value), fact.name == "scheme" ? "The Authorization scheme the backend accepts." : "Separates the user name from the password in the decoded credentials.")
            }
            let names = fact.value.split(separator: " ").map(String.init)
            return .function(SwiftFunction(
                docs: ["The documented credential check: `\(fact.value)`."] + citation.lines([fact.source]),
                signature: SwiftSignature(name: "credentialRule", parameters: [names[0], names[2]].map { SwiftParameter(label: nil, name: $0, type: "String") }, isStatic: true, returnType: "Bool"),
                body: [.line(fact.value)]))
        }
        return .namespace("AuthenticationRule", docs: ["How the backend authenticates requests."], members)
    }

    private var message: SwiftDeclaration? {
        guard let fact = rules("message").first else { return nil }
        let member = constant(fact, type: "Bool", .bool(true), "The message is sent as a JSON string: the text in double quotes.")
        return .namespace("MessageBody", docs: ["How the client encodes the message of `POST api/notifications`."], [.constant("isJSONString", "Bool", .bool(true), docs: member.docs)])
    }
}

extension SwiftDeclaration {
    var docs: [String] {
        switch self {
        case .property(let value): value.docs
        case .function(let value): value.docs
        case .protocolDecl(let value): value.docs
        case .structDecl(let value): value.docs
        case .enumDecl(let value): value.docs
        }
    }
}
