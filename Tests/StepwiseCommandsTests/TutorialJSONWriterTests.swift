import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import StepwiseWorkspace
import Synchronization
import Testing
import TutorialModel

@Suite struct TutorialJSONWriterTests {
    /// The seeds' models, read once.
    private static let tutorials: [Tutorial] = {
        let loader = WorkspaceLoader(root: RepositoryFiles.root, configuration: ProjectConfiguration())
        return loader.load([RepositoryFiles.content.path]).reported.compactMap(\.tutorial)
    }()

    /// The JSON the writer gives for `tutorials` handed over in batches of `size`.
    private func written(_ tutorials: [Tutorial], batch size: Int) throws -> String {
        var text = ""
        var writer = TutorialJSON.Writer { text += $0 }
        for start in stride(from: 0, to: tutorials.count, by: size) {
            try writer.add(Array(tutorials[start..<min(start + size, tutorials.count)]))
        }
        try writer.finish()
        return text
    }

    @Test("models given a batch at a time are written as the whole array is encoded at once", arguments: [1, 2, 3, 64])
    func batchesMakeTheArray(size: Int) throws {
        let tutorials = Array(Self.tutorials.prefix(5))
        try #require(tutorials.count == 5)
        let whole = String(decoding: try SortedJSONEncoder.encode(tutorials, indentation: 0), as: UTF8.self)
        #expect(try written(tutorials, batch: size) == whole)
        let array = try JSONSerialization.jsonObject(with: Data(try written(tutorials, batch: size).utf8)) as? [[String: Any]]
        #expect(array?.map { $0["source"] as? String } == tutorials.map(\.source))
    }

    @Test("one model is an object, none an empty array, whatever the batches")
    func oneAndNone() throws {
        let one = try #require(Self.tutorials.first)
        #expect(try written([one], batch: 1) == String(decoding: try SortedJSONEncoder.encode(one), as: UTF8.self))
        #expect(try written([], batch: 1) == "[\n\n]")
        var text = ""
        var writer = TutorialJSON.Writer { text += $0 }
        try writer.add([])
        try writer.add([one])
        try writer.add([])
        try writer.finish()
        #expect(text == String(decoding: try SortedJSONEncoder.encode(one), as: UTF8.self))
    }

    @Test("streamed documents are the documents a load gives, batch by batch in the same order")
    func streamMatchesLoad() throws {
        let loader = WorkspaceLoader(root: RepositoryFiles.root, configuration: ProjectConfiguration())
        let loaded = loader.load([RepositoryFiles.content.path])
        let received = Mutex<[[WorkspaceDocument]]>([])
        let problems = try loader.stream([RepositoryFiles.content.path], batch: 3) { batch in received.withLock { $0.append(batch) } }
        let batches = received.withLock { $0 }
        #expect(problems == loaded.problems)
        #expect(batches.dropLast().allSatisfy { $0.count == 3 } && batches.count == (loaded.documents.count + 2) / 3)
        let streamed = batches.flatMap { $0 }
        #expect(streamed.map(\.id) == loaded.documents.map(\.id))
        #expect(streamed.map(\.tutorial) == loaded.documents.map(\.tutorial))
        #expect(streamed.map(\.diagnostics) == loaded.documents.map(\.diagnostics))
    }
}
