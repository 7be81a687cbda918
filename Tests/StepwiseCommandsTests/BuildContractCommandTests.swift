import Foundation
import StepwiseTestSupport
import Testing

@Suite struct BuildContractCommandTests {
    @Test("build runs the swift contract stage first, writes generated/swift, and rewrites nothing the second time")
    func contractStage() throws {
        let project = try SiteProject()
        let first = project.build()
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.hasPrefix("[1/2] swift contract\n"))
        #expect(first.output.contains("[2/2] site\n"))
        let generated = RepositoryFiles.root.appendingPathComponent("generated/swift")
        let fresh = project.folder.url.appendingPathComponent("generated/swift")
        #expect(try SiteProject.files(in: fresh) == SiteProject.files(in: generated), "generated/swift is stale: run `swift run stepwise build`")
        #expect(project.build().output.contains("no files changed"))
    }

    @Test("help lists the build command")
    func help() {
        #expect(runStepwise(["--help"]).output.contains("build"))
    }
}
