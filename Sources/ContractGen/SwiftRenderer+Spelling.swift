/// Spelling of signatures and expressions as Swift source.
extension SwiftRenderer {
    /// `static func name(label name: Type) async throws -> Result`.
    func spell(_ signature: SwiftSignature) -> String {
        let parameters = signature.parameters.map { parameter in
            let label = parameter.label.map { $0 == parameter.name ? "" : $0 + " " } ?? ""
            return "\(label)\(parameter.name): \(parameter.type)"
        }
        var text = (signature.isStatic ? "static " : "") + (signature.name == "init" ? "init" : "func \(signature.name)")
        text += "(" + parameters.joined(separator: ", ") + ")"
        if signature.isAsync { text += " async" }
        if signature.isThrowing { text += " throws" }
        if let returnType = signature.returnType { text += " -> \(returnType)" }
        return text
    }

    func spell(_ expression: SwiftExpression) -> String {
        switch expression {
        case .string(let value): return Self.literal(value)
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .array(let values): return "[" + values.map(spell).joined(separator: ", ") + "]"
        case .reference(let name): return name
        case .call(let callee, let arguments):
            let spelled = arguments.map { ($0.label.map { $0 + ": " } ?? "") + spell($0.value) }
            return callee + "(" + spelled.joined(separator: ", ") + ")"
        }
    }

    /// A Swift string literal with every special character escaped.
    static func literal(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: text += "\\u{\(String(scalar.value, radix: 16))}"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
