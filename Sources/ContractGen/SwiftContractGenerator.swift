public import StepwiseDiagnostics
public import TutorialModel

/// A generated file: its path below the output directory and its contents.
public struct GeneratedFile: Hashable, Sendable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}

/// What one generation produced: files, the facts they were made from, and diagnostics.
public struct ContractOutput: Sendable {
    public var files: [GeneratedFile]
    public var contract: Contract
    public var diagnostics: [Diagnostic]

    /// Every extracted fact, sorted.
    public var facts: [ContractFact] { contract.facts }

    /// How many facts of each kind, sorted by kind.
    public var factCounts: [(kind: ContractFact.Kind, count: Int)] {
        Dictionary(grouping: facts, by: \.kind).map { ($0.key, $0.value.count) }.sorted { $0.kind < $1.kind }
    }
}

/// Tutorial → contract facts → Swift descriptions → rendered files (parse → translate → render).
public struct SwiftContractGenerator: Sendable {
    public init() {}

    public func generate(from tutorial: Tutorial, sourcePath: String) -> ContractOutput {
        let (contract, diagnostics) = ContractAnalyzer().analyze(tutorial)
        let renderer = SwiftRenderer(sourcePath: sourcePath)
        let files = describe(contract, sourcePath: sourcePath).filter { !$0.declarations.isEmpty }.map { GeneratedFile(path: $0.name, contents: renderer.render($0)) }
        return ContractOutput(files: files.sorted { $0.path < $1.path }, contract: contract, diagnostics: diagnostics)
    }

    /// The structured description of every generated file.
    public func describe(_ contract: Contract, sourcePath: String) -> [SwiftFile] {
        let citation = Citation(sourcePath: sourcePath)
        return [
            SupportTranslator().file(),
            RouteTranslator(contract: contract, citation: citation).file(),
            VocabularyTranslator(contract: contract, citation: citation).file(),
            RuleTranslator(contract: contract, citation: citation).file(),
            SkeletonTranslator(contract: contract, citation: citation).file(),
        ]
    }
}
