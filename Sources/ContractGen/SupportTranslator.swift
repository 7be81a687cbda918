/// The fixed support types every generated contract uses: routes, tag formats and payload templates.
struct SupportTranslator {
    func file() -> SwiftFile {
        SwiftFile(name: "ContractSupport.swift", declarations: [route, tagFormat, payloadTemplate].sorted { $0.name < $1.name })
    }

    private var route: SwiftDeclaration {
        .structDecl(SwiftStruct(
            docs: ["An HTTP route of the contract: method, path segments (`{name}` for a parameter), query names and body."],
            name: "ContractRoute", conformances: ["Hashable", "Sendable"],
            members: [
                .stored("method", "String"), .stored("segments", "[String]"), .stored("query", "[String]"), .stored("body", "String?"),
                .memberwiseInit([("method", "String"), ("segments", "[String]"), ("query", "[String]"), ("body", "String?")]),
                .function(SwiftFunction(
                    docs: ["The path with each `{name}` replaced by `parameters[name]`, with a leading slash."],
                    signature: SwiftSignature(name: "path", parameters: [SwiftParameter(label: "_", name: "parameters", type: "[String: String] = [:]")], returnType: "String"),
                    body: [
                        .line("\"/\" + segments.map { segment in"),
                        .line("    guard segment.hasPrefix(\"{\"), segment.hasSuffix(\"}\") else { return segment }"),
                        .line("    return parameters[String(segment.dropFirst().dropLast())] ?? segment"),
                        .line("}.joined(separator: \"/\")"),
                    ])),
                .function(SwiftFunction(
                    docs: ["The names of the path parameters, in order."],
                    signature: SwiftSignature(name: "pathParameters", parameters: [], returnType: "[String]"),
                    body: [.line("segments.filter { $0.hasPrefix(\"{\") }.map { String($0.dropFirst().dropLast()) }")])),
            ]))
    }

    private var tagFormat: SwiftDeclaration {
        .structDecl(SwiftStruct(
            docs: ["A tag written as a fixed prefix followed by a value: `username:<user>`."],
            name: "TagFormat", conformances: ["Hashable", "Sendable"],
            members: [
                .stored("prefix", "String"), .stored("placeholder", "String"),
                .memberwiseInit([("prefix", "String"), ("placeholder", "String")]),
                .function(SwiftFunction(
                    docs: ["The tag for `value`."],
                    signature: SwiftSignature(name: "tag", parameters: [SwiftParameter(label: "_", name: "value", type: "String")], returnType: "String"),
                    body: [.line("prefix + value")])),
                .function(SwiftFunction(
                    docs: ["The value of a tag in this format, or nil for another tag."],
                    signature: SwiftSignature(name: "value", parameters: [SwiftParameter(label: "of", name: "tag", type: "String")], returnType: "String?"),
                    body: [.line("tag.hasPrefix(prefix) ? String(tag.dropFirst(prefix.count)) : nil")])),
            ]))
    }

    private var payloadTemplate: SwiftDeclaration {
        .structDecl(SwiftStruct(
            docs: ["A native notification payload: literal text and named placeholders, in a format (XML or JSON)."],
            name: "PayloadTemplate", conformances: ["Hashable", "Sendable"],
            members: [
                .enumDecl(SwiftEnum(docs: ["One piece of the payload."], name: "Part", conformances: ["Hashable", "Sendable"], cases: [
                    SwiftEnumCase(docs: [], name: "literal", rawValue: nil, associatedType: "String"),
                    SwiftEnumCase(docs: [], name: "placeholder", rawValue: nil, associatedType: "String"),
                ], members: [])),
                .enumDecl(SwiftEnum(docs: ["The payload's syntax, which decides how placeholder values must be escaped."], name: "Format", conformances: ["String", "Hashable", "Sendable"], cases: ["json", "xml", "text"].map { SwiftEnumCase(docs: [], name: $0, rawValue: nil) }, members: [])),
                .stored("parts", "[Part]"), .stored("format", "Format"),
                .memberwiseInit([("parts", "[Part]"), ("format", "Format")]),
                .function(SwiftFunction(
                    docs: ["The payload with each placeholder replaced by `escape(values[name])`."],
                    signature: SwiftSignature(name: "render", parameters: [
                        SwiftParameter(label: "_", name: "values", type: "[String: String]"),
                        SwiftParameter(label: "escape", name: "escape", type: "(String) -> String"),
                    ], returnType: "String"),
                    body: [
                        .line("parts.map { part in"),
                        .line("    switch part {"),
                        .line("    case .literal(let text): text"),
                        .line("    case .placeholder(let name): escape(values[name] ?? \"\")"),
                        .line("    }"),
                        .line("}.joined()"),
                    ])),
            ]))
    }
}
