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

    /// What Foundation's `JSONEncoder` writes for `value` with the writer's options.
    private func foundation<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The JSON the writer gives for `tutorials` handed over in batches of `size`.
    private func written(_ tutorials: [Tutorial], batch size: Int) -> String {
        var text = ""
        var writer = TutorialJSON.Writer { text += String(decoding: $0, as: UTF8.self) }
        for start in stride(from: 0, to: tutorials.count, by: size) {
            writer.add(Array(tutorials[start..<min(start + size, tutorials.count)]))
        }
        writer.finish()
        return text
    }

    @Test("models given a batch at a time are written as the whole array is encoded at once", arguments: [1, 2, 3, 64])
    func batchesMakeTheArray(size: Int) throws {
        let tutorials = Array(Self.tutorials.prefix(5))
        try #require(tutorials.count == 5)
        let whole = try foundation(tutorials)
        #expect(written(tutorials, batch: size) == whole)
        let array = try JSONSerialization.jsonObject(with: Data(written(tutorials, batch: size).utf8)) as? [[String: Any]]
        #expect(array?.map { $0["source"] as? String } == tutorials.map(\.source))
    }

    @Test("many models go out in writes of about a megabyte, the same bytes as the whole array encoded at once")
    func flushedInWrites() throws {
        let tutorials = Array(repeating: Self.tutorials, count: 12).flatMap { $0 }
        var writes: [[UInt8]] = []
        var writer = TutorialJSON.Writer { writes.append($0) }
        for start in stride(from: 0, to: tutorials.count, by: 7) {
            writer.add(Array(tutorials[start..<min(start + 7, tutorials.count)]))
        }
        writer.finish()
        #expect(writes.count > 2, "several writes: \(writes.map(\.count))")
        #expect(writes.dropLast().allSatisfy { $0.count >= TutorialJSON.Writer.flushSize && $0.count < 2 * TutorialJSON.Writer.flushSize })
        #expect(String(decoding: writes.flatMap { $0 }, as: UTF8.self) == (try foundation(tutorials)))
    }

    @Test("one model is an object, none an empty array, whatever the batches")
    func oneAndNone() throws {
        let one = try #require(Self.tutorials.first)
        #expect(written([one], batch: 1) == (try foundation(one)))
        #expect(written([], batch: 1) == "[\n\n]")
        var text = ""
        var writer = TutorialJSON.Writer { text += String(decoding: $0, as: UTF8.self) }
        writer.add([])
        writer.add([one])
        writer.add([])
        writer.finish()
        #expect(text == (try foundation(one)))
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
