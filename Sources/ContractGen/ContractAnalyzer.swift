public import StepwiseDiagnostics
public import TutorialModel

/// Reads every C# and Objective-C sample of a tutorial and derives the contract, with diagnostics for
/// what it could not derive or what disagrees between the server and the client code.
public struct ContractAnalyzer: Sendable {
    public init() {}

    static let recognizers: [any FactRecognizer] = [
        CSharpRouteRecognizer(), JSONTypeRecognizer(), PlatformSwitchRecognizer(), StatusCodeRecognizer(),
        TagFormatRecognizer(), AuthenticationRecognizer(), ObjCRequestRecognizer(), ObjCRuleRecognizer(), RetryRecognizer(),
    ]

    public func analyze(_ tutorial: Tutorial) -> (contract: Contract, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let units = CodeUnit.units(of: tutorial).filter { unit in
            guard let problem = unit.unbalancedBracket else { return true }
            diagnostics.append(.warning(
                "contract-sample-unbalanced", at: SourceLocation(path: unit.sample.origin.path, line: problem.line),
                "code sample not analyzed for the contract: '\(problem.text)' is never closed or closes nothing",
                fix: "complete the code sample"))
            return false
        }
        var contract = Contract()
        for unit in units {
            for recognizer in Self.recognizers { recognizer.recognize(unit, into: &contract, diagnostics: &diagnostics) }
        }
        keepBodyTypes(&contract)
        let serverBodies = Set(contract.routes.filter { $0.side == .server }.compactMap(\.body))
        let mapping = TypeMapping(knownTypes: Set(contract.jsonTypes.map(\.name)).intersection(serverBodies))
        contract.interfaces = CSharpInterfaceRecognizer(mapping: mapping).interfaces(units, diagnostics: &diagnostics)
            + ObjCInterfaceRecognizer(mapping: mapping).interfaces(units, diagnostics: &diagnostics)
        diagnostics += ContractConsistency(contract: contract).check()
        return (contract, diagnostics)
    }

    /// Keeps the JSON types a route carries as its body (server body classes, client dictionaries).
    private func keepBodyTypes(_ contract: inout Contract) {
        let bodies = Set(contract.routes.compactMap(\.body))
        contract.jsonTypes = contract.jsonTypes.filter { bodies.contains($0.name) }
    }
}
