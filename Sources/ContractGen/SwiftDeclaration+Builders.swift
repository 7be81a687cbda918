/// Shorthands for declarations translators build often.
extension SwiftDeclaration {
    /// `public let name: Type` (an instance property).
    static func stored(_ name: String, _ type: String, docs: [String] = []) -> SwiftDeclaration {
        .property(SwiftProperty(docs: docs, name: name, type: type, value: nil, isStatic: false))
    }

    /// `public static let name: Type = value`.
    static func constant(_ name: String, _ type: String, _ value: SwiftExpression, docs: [String]) -> SwiftDeclaration {
        .property(SwiftProperty(docs: docs, name: name, type: type, value: value))
    }

    /// `public init(a: A, b: B) { self.a = a; self.b = b }`.
    static func memberwiseInit(_ fields: [(name: String, type: String)]) -> SwiftDeclaration {
        .function(SwiftFunction(
            docs: [],
            signature: SwiftSignature(name: "init", parameters: fields.map { SwiftParameter(label: nil, name: $0.name, type: $0.type) }),
            body: fields.map { .line("self.\($0.name) = \($0.name)") }))
    }

    /// `public enum Name { members }`: a namespace of constants, members sorted by name.
    static func namespace(_ name: String, docs: [String], _ members: [SwiftDeclaration]) -> SwiftDeclaration {
        .enumDecl(SwiftEnum(docs: docs, name: name, conformances: [], cases: [], members: members.sorted { $0.name < $1.name }))
    }
}

/// Doc-comment lines citing where facts were documented.
struct Citation {
    /// The tutorial document the contract is generated from.
    var sourcePath: String

    /// `Documented in section "…", step 9, line 220.` per source, sorted, the path added for other files.
    func lines(_ sources: [FactSource]) -> [String] {
        Set(sources).sorted().map { source in
            let file = source.path == sourcePath ? "" : " of \(source.path)"
            return "Documented in \(source.citation)\(file)."
        }
    }
}
