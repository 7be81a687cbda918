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

    var sourcePath: String { (contentRoot as NSString).appendingPathComponent(sourceTutorial) }
}

/// A named step of `stepwise build`; add a stage by appending to `all`.
struct BuildStage: Sendable {
    var name: String
    var run: @Sendable (BuildContext) throws -> Void

    /// The stages, in the order they run.
    static let all: [BuildStage] = [swiftContract]

    /// Tutorial → contract facts → Swift files in `generated/swift`.
    static let swiftContract = BuildStage(name: "swift contract") { context in
        let tutorials = try TutorialReader(contentRoot: context.contentRoot, defaultLocale: "en-us").read([context.sourcePath])
        let output = SwiftContractGenerator().generate(from: tutorials[0], sourcePath: tutorials[0].source)
        for diagnostic in output.diagnostics where diagnostic.severity != .note {
            Console.current.error(diagnostic.description + "\n")
        }
        let directory = URL(fileURLWithPath: context.outputRoot).appendingPathComponent("swift", isDirectory: true)
        let changed = try GeneratedFileWriter(directory: directory).write(output.files)
        let counts = output.factCounts.map { "\($0.count) \($0.kind.rawValue)" }.joined(separator: ", ")
        Console.current.output("      \(output.facts.count) facts (\(counts)); \(changed.isEmpty ? "no files changed" : "wrote " + changed.joined(separator: ", "))\n")
    }
}
