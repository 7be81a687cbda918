/// One extracted fact, flattened for listing, counting and naming in stale-file reports.
public struct ContractFact: Hashable, Sendable, Comparable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
        case route, header, jsonField = "json-field", platform, status, tagFormat = "tag-format"
        case payload, rule, declaration

        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var kind: Kind
    public var summary: String
    public var source: FactSource

    public var description: String { "\(kind.rawValue): \(summary) — \(source)" }

    public static func < (lhs: ContractFact, rhs: ContractFact) -> Bool {
        (lhs.kind, lhs.source, lhs.summary) < (rhs.kind, rhs.source, rhs.summary)
    }
}

extension Contract {
    /// Every fact, sorted by kind, then source, then summary.
    public var facts: [ContractFact] {
        var facts = routes.map { ContractFact(kind: .route, summary: "\($0.side.rawValue) \($0.name): \($0.method) \($0.path)\($0.query.isEmpty ? "" : "?" + $0.query.map { "\($0)=" }.joined(separator: "&"))\($0.body.map { " body \($0)" } ?? "")", source: $0.source) }
        facts += headers.map { ContractFact(kind: .header, summary: "\($0.name): \($0.value)\($0.route.map { " on \($0)" } ?? "")", source: $0.source) }
        facts += jsonTypes.flatMap { type in type.fields.map { ContractFact(kind: .jsonField, summary: "\(type.name).\($0.key)", source: FactSource(path: type.source.path, line: $0.line, section: type.source.section, step: type.source.step)) } }
        facts += platforms.map { ContractFact(kind: .platform, summary: "\($0.value) (\($0.role)) → \($0.mapsTo)", source: $0.source) }
        facts += statuses.map { ContractFact(kind: .status, summary: "\($0.code) \($0.name): \($0.meaning)", source: $0.source) }
        facts += tagFormats.map { ContractFact(kind: .tagFormat, summary: "\($0.prefix)<\($0.placeholder)>", source: $0.source) }
        facts += payloads.map { ContractFact(kind: .payload, summary: "\($0.platform): \($0.template)", source: $0.source) }
        facts += rules.map { ContractFact(kind: .rule, summary: "\($0.kind).\($0.name) = \($0.value)", source: $0.source) }
        facts += interfaces.flatMap { interface in interface.members.map { ContractFact(kind: .declaration, summary: "\(interface.name): \($0.original)", source: FactSource(path: interface.source.path, line: $0.line, section: interface.source.section, step: interface.source.step)) } }
        return facts.sorted()
    }
}
