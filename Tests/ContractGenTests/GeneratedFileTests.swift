import ContractGen
import Foundation
import StepwiseTestSupport
import Testing

/// Whole-file goldens, the staleness check of the checked-in contract, and the drift demonstration.
@Suite("Generated files", .serialized) struct GeneratedFileTests {
    static let recordVariable = "STEPWISE_RECORD_SNAPSHOTS"

    @Test("whole files generated from the mini fixture match Snapshots/ (STEPWISE_RECORD_SNAPSHOTS=1 re-records and fails)")
    func goldens() throws {
        let output = try ContractFixtures.miniOutput()
        if ProcessInfo.processInfo.environment[Self.recordVariable] == "1" {
            try GeneratedFileWriter(directory: ContractFixtures.snapshots).write(output.files)
            Issue.record("Recorded snapshots into \(ContractFixtures.snapshots.path); unset \(Self.recordVariable) and run again.")
            return
        }
        let stale = try StaleFileVerifier(directory: ContractFixtures.snapshots).staleFiles(comparedWith: output.files)
        #expect(stale.isEmpty, "snapshots differ: \(stale); re-record with \(Self.recordVariable)=1 swift test --filter GeneratedFileTests")
    }

    @Test("checked-in generated/swift is what the bundled tutorial generates now")
    func notStale() throws {
        let stale = try SwiftContractGenerator().staleFiles(in: ContractFixtures.generated, contentRoot: RepositoryFiles.content, tutorial: ContractFixtures.tutorial)
        #expect(stale.isEmpty, "generated/swift is stale: \(stale). Regenerate with `\(StaleFileVerifier.regenerateCommand)`.")
    }

    @Test("drift: changing the username: tag prefix in the C# sample makes generated/swift stale, naming the fact")
    func drift() throws {
        let scratch = try TemporaryDirectory()
        let content = try ContractFixtures.copy(RepositoryFiles.content, into: scratch, as: "content")
        let article = content.appendingPathComponent(ContractFixtures.tutorial)
        let text = try String(contentsOf: article, encoding: .utf8)
        try text.replacingOccurrences(of: "\"username:\" +", with: "\"user:\" +").write(to: article, atomically: true, encoding: .utf8)
        let stale = try SwiftContractGenerator().staleFiles(in: ContractFixtures.generated, contentRoot: content, tutorial: ContractFixtures.tutorial)
        #expect(stale.map(\.path) == ["Vocabulary.swift"])
        let description = stale.first?.description ?? ""
        #expect(description.contains("user:"), "\(description)")
        let diagnostic = try #require(stale.first?.diagnostic(directoryPath: "generated/swift"))
        #expect(diagnostic.id == "generated-stale")
        #expect(diagnostic.description.hasPrefix("generated/swift/Vocabulary.swift:"))
        #expect(diagnostic.description.contains("user:"))
        #expect(diagnostic.fix == "run `swift run stepwise build`")
    }

    @Test("the writer touches a file only when its bytes change and removes files no longer generated")
    func writer() throws {
        let scratch = try TemporaryDirectory()
        let directory = scratch.url.appendingPathComponent("generated/swift")
        let writer = GeneratedFileWriter(directory: directory)
        let files = [GeneratedFile(path: "A.swift", contents: "a\n"), GeneratedFile(path: "B.swift", contents: "b\n")]
        #expect(try writer.write(files) == ["A.swift", "B.swift"])
        #expect(try writer.write(files) == [])
        #expect(try writer.write([GeneratedFile(path: "A.swift", contents: "a2\n")]) == ["A.swift", "B.swift"])
        #expect(try StaleFileVerifier(directory: directory).staleFiles(comparedWith: files).map(\.description) == ["A.swift:1: changed", "B.swift: missing"])
    }

    @Test("generation is deterministic")
    func deterministic() throws {
        #expect(try ContractFixtures.bundled().files == ContractFixtures.bundled().files)
    }
}
