import Foundation
import StepwiseFuzzing
import StepwiseTestSupport
import Testing

/// The fuzzer's promise, replayed: every input it ever flagged (Fixtures/fuzz-regressions/) and a
/// short deterministic mutation run of the bundled content go through the whole front end
/// (`stepwise check` in a scratch project) with a report or one located error, never a crash.
@Suite struct FuzzRegressionTests {
    static let folder = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/fuzz-regressions")

    static var regressionInputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
    }

    @Test("the regression folder holds inputs")
    func regressionsPresent() {
        #expect(Self.regressionInputs.count >= 5)
    }

    @Test("every input the fuzzer flagged runs through check, contract and site cleanly", arguments: regressionInputs)
    func regression(name: String) throws {
        let fuzzer = try FrontEndFuzzer(repository: RepositoryFiles.root)
        let input = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        #expect(fuzzer.run(input) == nil)
        var odd = input
        odd.append(contentsOf: input.count % 2 == 0 ? [0x0A] : [])
        var even = input
        even.append(contentsOf: input.count % 2 == 0 ? [] : [0x0A])
        #expect(fuzzer.run(odd) == nil, "as the translation")
        #expect(fuzzer.run(even) == nil, "as the source and contract tutorial")
    }

    @Test("the promise is checked: an exit without a located error is a violation, one with it is not")
    func promise() {
        #expect(FrontEndFuzzer.violation(status: 0, errors: "") == nil)
        #expect(FrontEndFuzzer.violation(status: 1, errors: "content/en-us/a.md:3:1: error: bad front matter [x]\n") == nil)
        #expect(FrontEndFuzzer.violation(status: 1, errors: "error: something\n") != nil)
        #expect(FrontEndFuzzer.violation(status: 2, errors: "content/a.md:1:1: error: x\n") != nil)
    }

    @Test("sixty mutations of the bundled content keep the promise; the same random seed gives the same inputs")
    func shortMutationRun() throws {
        let seeds = try RepositoryFiles.seeds.map { try Data(contentsOf: RepositoryFiles.content.appendingPathComponent($0.path)) }
        let dictionary = MutationFuzzer.dictionary(try String(contentsOf: RepositoryFiles.root.appendingPathComponent("scripts/fuzz.dict"), encoding: .utf8))
        #expect(dictionary.count > 40)
        #expect(dictionary.contains(Data("\r\n".utf8)) && dictionary.contains(Data("> [!div class=\"checklist\"]\n".utf8)))
        var first = MutationFuzzer(seeds: seeds, dictionary: dictionary, randomSeed: 7)
        var second = MutationFuzzer(seeds: seeds, dictionary: dictionary, randomSeed: 7)
        let fuzzer = try FrontEndFuzzer(repository: RepositoryFiles.root)
        for iteration in 0..<60 {
            let input = first.next()
            #expect(input == second.next())
            let violation = fuzzer.run(input)
            #expect(violation == nil, "iteration \(iteration)")
        }
    }
}
