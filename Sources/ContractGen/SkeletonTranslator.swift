/// JSON body types and documented interfaces → `Skeleton.swift`: Codable structs and protocols.
struct SkeletonTranslator {
    var contract: Contract
    var citation: Citation

    func file() -> SwiftFile {
        let serverBodies = Set(contract.routes.filter { $0.side == .server }.compactMap(\.body))
        let types = contract.jsonTypes.filter { serverBodies.contains($0.name) }.map(bodyType)
        let protocols = contract.interfaces.map(protocolDeclaration)
        return SwiftFile(name: "Skeleton.swift", imports: ["Foundation"], declarations: (types + protocols).sorted { $0.name < $1.name })
    }

    /// `DeviceRegistration` → a Codable struct whose coding keys are the documented JSON keys.
    private func bodyType(_ type: JSONTypeFact) -> SwiftDeclaration {
        let mapping = TypeMapping()
        let fields = type.fields.map { (name: $0.key.lowerCamelCase, type: mapping.swiftType(csharp: $0.type) ?? "String", key: $0.key, line: $0.line) }
        var members: [SwiftDeclaration] = fields.map { field in
            .property(SwiftProperty(docs: ["JSON key `\(field.key)`, documented at line \(field.line)."], name: field.name, type: field.type, value: nil, isStatic: false, isMutable: true))
        }
        members.append(.memberwiseInit(fields.map { ($0.name, $0.type) }))
        members.append(.enumDecl(SwiftEnum(
            docs: ["The documented JSON keys."], name: "CodingKeys", conformances: ["String", "CodingKey"],
            cases: fields.map { SwiftEnumCase(docs: [], name: $0.name, rawValue: .string($0.key)) }, members: [])))
        return .structDecl(SwiftStruct(
            docs: ["A JSON request body, from the C# class `\(type.name)`."] + citation.lines([type.source]),
            name: type.name, conformances: ["Codable", "Hashable", "Sendable"], members: members))
    }

    /// A documented class or controller → `<Name>Protocol` with one requirement per mapped member.
    private func protocolDeclaration(_ interface: InterfaceFact) -> SwiftDeclaration {
        let requirements = interface.members.sorted { key($0) < key($1) }.map { member -> SwiftRequirement in
            let docs = ["`\(member.original)`, documented at line \(member.line)."]
            switch member.requirement {
            case .property(_, let name, let type, let settable): return .property(docs: docs, name: name, type: type, settable: settable)
            case .function(_, let signature): return .function(docs: docs, signature: signature)
            }
        }
        let kind = interface.language == "objc" ? "Objective-C class" : "C# class"
        return .protocolDecl(SwiftProtocol(
            docs: ["The \(kind) `\(interface.name)` as a Swift protocol (see the type mapping in README.md)."] + citation.lines([interface.source]),
            name: interface.name + "Protocol", inherits: [], requirements: requirements))
    }

    private func key(_ member: MemberFact) -> String {
        switch member.requirement {
        case .property(_, let name, _, _): "0" + name
        case .function(_, let signature): (signature.name == "init" ? "1" : "2") + signature.name + signature.parameters.map(\.name).joined(separator: ":")
        }
    }
}
