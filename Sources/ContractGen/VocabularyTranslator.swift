/// Platforms, status codes, tag formats and payload templates → `Vocabulary.swift`.
struct VocabularyTranslator {
    var contract: Contract
    var citation: Citation

    func file() -> SwiftFile {
        SwiftFile(name: "Vocabulary.swift", declarations: [platform, status, tags, payloads].sorted { $0.name < $1.name })
    }

    private var platform: SwiftDeclaration {
        let grouped = Dictionary(grouping: contract.platforms, by: \.value)
        let cases = grouped.keys.sorted().map { value in
            let facts = grouped[value]!.sorted { $0.source < $1.source }
            let roles = facts.map { "\($0.role == "send" ? "sent with" : "registered as") `\($0.mapsTo)`" }
            return SwiftEnumCase(docs: [roles.joined(separator: "; ").capitalizedFirst + "."] + citation.lines(facts.map(\.source)), name: value)
        }
        return .enumDecl(SwiftEnum(docs: ["The platform notification services a registration or a send names."], name: "Platform", conformances: ["String", "Codable", "CaseIterable", "Hashable", "Sendable"], cases: cases, members: []))
    }

    private var status: SwiftDeclaration {
        let grouped = Dictionary(grouping: contract.statuses, by: \.code)
        let cases = grouped.keys.sorted().map { code in
            let facts = grouped[code]!.sorted { $0.source < $1.source }
            var seen = Set<String>()
            let meanings = facts.filter { seen.insert($0.meaning).inserted }.map { "- \($0.meaning)" }
            return SwiftEnumCase(docs: ["`\(facts[0].name)`:"] + meanings + citation.lines(facts.map(\.source)), name: facts[0].name.lowerCamelCase, rawValue: .int(code))
        }
        return .enumDecl(SwiftEnum(docs: ["The HTTP status codes the backend answers with, and what each means."], name: "ContractStatus", conformances: ["Int", "CaseIterable", "Hashable", "Sendable"], cases: cases, members: []))
    }

    private var tags: SwiftDeclaration {
        let grouped = Dictionary(grouping: contract.tagFormats, by: \.prefix)
        let members = grouped.keys.sorted().map { prefix -> SwiftDeclaration in
            let facts = grouped[prefix]!.sorted { $0.source < $1.source }
            let value = SwiftExpression.call("TagFormat", [SwiftArgument("prefix", .string(prefix)), SwiftArgument("placeholder", .string(facts[0].placeholder))])
            return .constant(String(prefix.dropLast()).lowerCamelCase, "TagFormat", value, docs: ["`\(prefix)<\(facts[0].placeholder)>`."] + citation.lines(facts.map(\.source)))
        }
        return .namespace("Tags", docs: ["Tag formats of registrations and sends."], members)
    }

    private var payloads: SwiftDeclaration {
        let facts = contract.payloads.sorted { $0.platform < $1.platform }
        var members = facts.map { fact -> SwiftDeclaration in
            let parts = fact.template.parts.map { part -> SwiftExpression in
                switch part {
                case .literal(let text): .call(".literal", [SwiftArgument(nil, .string(text))])
                case .placeholder(let name): .call(".placeholder", [SwiftArgument(nil, .string(name))])
                }
            }
            let value = SwiftExpression.call("PayloadTemplate", [SwiftArgument("parts", .array(parts)), SwiftArgument("format", .reference("." + Self.format(of: fact.template)))])
            return .constant(fact.platform, "PayloadTemplate", value, docs: ["`\(fact.template)`"] + citation.lines([fact.source]))
        }
        let cases = facts.map { SwiftStatement.line("case .\($0.platform): \($0.platform)") }
        members.append(.function(SwiftFunction(
            docs: ["The payload template for `platform`, or nil when none is documented."],
            signature: SwiftSignature(name: "template", parameters: [SwiftParameter(label: "for", name: "platform", type: "Platform")], isStatic: true, returnType: "PayloadTemplate?"),
            body: [.block("switch platform", cases + [.line("default: nil")])])))
        return .namespace("Payloads", docs: ["The native payload sent for each platform."], members)
    }

    /// `<toast>…` is XML, `{…}` is JSON.
    static func format(of template: StringTemplate) -> String {
        guard case .literal(let first)? = template.parts.first else { return "text" }
        let trimmed = first.drop { $0 == " " }
        return trimmed.hasPrefix("<") ? "xml" : trimmed.hasPrefix("{") ? "json" : "text"
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
