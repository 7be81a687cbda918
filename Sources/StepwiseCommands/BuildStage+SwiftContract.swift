import ContractGen
import Foundation
import StepwiseDiagnostics
import StepwiseWorkspace

extension BuildStage {
    /// The contract tutorial's model (from the workspace) → contract facts → Swift files in `generated/swift`.
    static let swiftContract = BuildStage(name: "swift contract") { context in
        let tutorial = try ContractSource(workspace: context.workspace, path: context.contractTutorial).tutorial()
        let output = SwiftContractGenerator().generate(from: tutorial, sourcePath: tutorial.source)
        context.diagnostics.emit(contentsOf: output.diagnostics.filter { $0.severity != .note })
        let changed = try GeneratedFileWriter(directory: context.url("generated/swift")).write(output.files)
        let counts = output.factCounts.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
        let written = changed.isEmpty ? "no files changed" : "wrote " + changed.joined(separator: ", ")
        Console.current.output("      \(output.facts.count) facts (\(counts)); \(written) → \(context.path("generated/swift"))\n")
    }
}
