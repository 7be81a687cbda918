import ContractGen
import Foundation
import StepwiseDiagnostics
import TutorialModel

/// What every build stage reads and writes.
struct BuildContext: Sendable {
    var contentRoot: String
    var outputRoot: String
    /// The source tutorial, relative to the content root.
    var sourceTutorial: String
}

/// A named step of `stepwise build`; add a stage by appending to `all`.
struct BuildStage: Sendable {
    var name: String
    var run: @Sendable (BuildContext) throws -> Void

    /// The stages, in the order they run.
    static let all: [BuildStage] = [swiftContract]

    /// Tutorial → contract facts → Swift files in `generated/swift`.
    static let swiftContract = BuildStage(name: "swift contract") { context in
        let output: ContractOutput
        do {
            output = try SwiftContractGenerator().generate(contentRoot: URL(fileURLWithPath: context.contentRoot, isDirectory: true), tutorial: context.sourceTutorial)
        } catch let error as StepwiseError {
            Console.current.error(error.description + "\n")
            throw InputFailure()
        }
        for diagnostic in output.diagnostics where diagnostic.severity != .note {
            Console.current.error(diagnostic.description + "\n")
        }
        let directory = URL(fileURLWithPath: context.outputRoot).appendingPathComponent("swift", isDirectory: true)
        let changed = try GeneratedFileWriter(directory: directory).write(output.files)
        let counts = output.factCounts.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
        Console.current.output("      \(output.facts.count) facts (\(counts)); \(changed.isEmpty ? "no files changed" : "wrote " + changed.joined(separator: ", "))\n")
    }
}
