import ContractGen
import Foundation
import StepwiseTestSupport
import Testing

/// Inputs of the generator tests: the bundled content and small fixtures beside the tests.
enum ContractFixtures {
    static let testsFolder = RepositoryFiles.root.appendingPathComponent("Tests/ContractGenTests", isDirectory: true)
    static let mini = testsFolder.appendingPathComponent("Fixtures/mini/content", isDirectory: true)
    static let miniTutorial = "en-us/articles/mini.md"
    static let snapshots = testsFolder.appendingPathComponent("Snapshots", isDirectory: true)
    static let generated = RepositoryFiles.root.appendingPathComponent("generated/swift", isDirectory: true)
    /// The bundled contract tutorial (the English seed), relative to the content root, as stepwise.yml names it.
    static let tutorial = RepositoryFiles.seeds[0].path

    /// The contract generated from the bundled tutorial.
    static func bundled() throws -> ContractOutput {
        try SwiftContractGenerator().generate(contentRoot: RepositoryFiles.content, tutorial: tutorial)
    }

    static func miniOutput() throws -> ContractOutput {
        try SwiftContractGenerator().generate(contentRoot: mini, tutorial: miniTutorial)
    }

    /// Copies a folder tree into a scratch directory.
    static func copy(_ source: URL, into directory: TemporaryDirectory, as name: String) throws -> URL {
        let target = directory.url.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }
}
