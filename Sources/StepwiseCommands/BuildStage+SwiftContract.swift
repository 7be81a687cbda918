import ContractGen
import Foundation
import StepwiseDiagnostics

extension BuildStage {
    /// Tutorial → contract facts → Swift files in `generated/swift`.
    static let swiftContract = BuildStage(name: "swift contract") { context in
        let output: ContractOutput
        do {
            output = try SwiftContractGenerator().generate(contentRoot: context.url("content"), tutorial: context.contractTutorial)
        } catch let error as StepwiseError {
            Console.current.error(error.description + "\n")
            throw InputFailure()
        }
        for diagnostic in output.diagnostics where diagnostic.severity != .note {
            Console.current.error(diagnostic.description + "\n")
        }
        let changed = try GeneratedFileWriter(directory: context.url("generated/swift")).write(output.files)
        let counts = output.factCounts.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
        let written = changed.isEmpty ? "no files changed" : "wrote " + changed.joined(separator: ", ")
        Console.current.output("      \(output.facts.count) facts (\(counts)); \(written) → \(context.path("generated/swift"))\n")
    }
}
