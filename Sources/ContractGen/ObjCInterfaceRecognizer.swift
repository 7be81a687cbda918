import Foundation

import StepwiseDiagnostics

/// Skeleton members from Objective-C `@interface` blocks of model classes (`: NSObject` and their
/// class extensions), mapped to Swift with `TypeMapping`. UI classes are not mapped.
struct ObjCInterfaceRecognizer {
    var mapping: TypeMapping

    func interfaces(_ units: [CodeUnit], diagnostics: inout [Diagnostic]) -> [InterfaceFact] {
        let all = units.filter { !$0.isCSharp }.flatMap { unit in unit.objc.interfaces().map { (unit, $0) } }
        let models = Set(all.filter { $0.1.superclass == "NSObject" }.map(\.1.name))
        var result: [String: InterfaceFact] = [:]
        for (unit, interface) in all {
            guard models.contains(interface.name) else { continue }
            var fact = result[interface.name] ?? InterfaceFact(name: interface.name, language: "objc", members: [], source: unit.source(line: interface.line))
            fact.members += interface.properties.compactMap { member($0, unit, &diagnostics) }
            fact.members += interface.methods.compactMap { member($0, unit, &diagnostics) }
            result[interface.name] = fact
        }
        return result.values.sorted { $0.name < $1.name }
    }

    private func member(_ property: ObjCProperty, _ unit: CodeUnit, _ diagnostics: inout [Diagnostic]) -> MemberFact? {
        guard let type = mapping.swiftType(objc: property.type) else {
            diagnostics.append(.note("contract-type-unmapped", at: unit.location(property.line), "property '\(property.name)' of type '\(property.type)' has no documented Swift mapping; not part of the skeleton"))
            return nil
        }
        let requirement = SwiftRequirement.property(docs: [], name: property.name, type: type + "?", settable: !property.attributes.contains("readonly"))
        return MemberFact(original: "@property \(property.type) \(property.name)", requirement: requirement, line: property.line)
    }

    private func member(_ method: ObjCMethod, _ unit: CodeUnit, _ diagnostics: inout [Diagnostic]) -> MemberFact? {
        var signature = SwiftSignature(name: ObjCSelectorName(method.parts[0].keyword).base, parameters: [])
        for (offset, part) in method.parts.enumerated() {
            guard let type = part.type, let name = part.name else { continue }
            if let result = mapping.completionResult(objc: type) {
                signature.isAsync = true
                signature.isThrowing = true
                signature.returnType = result
                continue
            }
            guard let swiftType = mapping.swiftType(objc: type) else {
                diagnostics.append(.note("contract-type-unmapped", at: unit.location(method.line), "'\(method.selector)': parameter type '\(type)' has no documented Swift mapping"))
                return nil
            }
            let label = offset == 0 ? ObjCSelectorName(part.keyword).firstLabel : part.keyword.lowerCamelCase
            signature.parameters.append(SwiftParameter(label: label, name: name.lowerCamelCase, type: swiftType))
        }
        if method.returnType == "instancetype", method.parts[0].keyword.hasPrefix("init") { signature.name = "init" }
        return MemberFact(original: "\(method.isInstance ? "-" : "+")(\(method.returnType)) \(method.selector)", requirement: .function(docs: [], signature: signature), line: method.line)
    }
}

/// Splits a first selector keyword the way Swift imports it: `registerWithDeviceToken` →
/// `register(withDeviceToken:)`, `initWithEndpoint` → `init(endpoint:)`.
struct ObjCSelectorName {
    var base: String
    var firstLabel: String

    init(_ keyword: String) {
        guard let range = keyword.range(of: "With"), range.lowerBound != keyword.startIndex,
            keyword[range.upperBound...].first?.isUppercase == true
        else {
            base = keyword
            firstLabel = "_"
            return
        }
        base = String(keyword[..<range.lowerBound])
        let rest = String(keyword[range.upperBound...])
        firstLabel = base == "init" ? rest.lowerCamelCase : "with" + rest
    }
}
