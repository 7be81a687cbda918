import Foundation
import StepwiseTestSupport
import Testing

@Suite struct BuildCommandTests {
    @Test("build runs the swift contract stage, writes generated/swift, and rewrites nothing the second time")
    func buildStages() throws {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("generated").path
        let arguments = ["build", "--content", RepositoryFiles.content.path, "--output", output]
        let first = runStepwise(arguments)
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.hasPrefix("[1/1] swift contract\n"))
        #expect(first.output.contains("wrote ContractSupport.swift, Routes.swift, Rules.swift, Skeleton.swift, Vocabulary.swift"))
        let generated = RepositoryFiles.root.appendingPathComponent("generated/swift/Routes.swift")
        #expect(try String(contentsOfFile: output + "/swift/Routes.swift", encoding: .utf8) == String(contentsOf: generated, encoding: .utf8))
        #expect(runStepwise(arguments).output.contains("no files changed"))
    }

    @Test("build refuses an output folder outside generated/")
    func outputOutsideGenerated() {
        #expect(runStepwise(["build", "--output", "/tmp/elsewhere"]).status == 2)
    }

    @Test("help lists the build command")
    func help() {
        #expect(runStepwise(["--help"]).output.contains("build"))
    }
}
