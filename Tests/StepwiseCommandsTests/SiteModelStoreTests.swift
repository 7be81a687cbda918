import Foundation
import Site
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing
import TutorialModel

/// What a page is rendered from, as the site cache stores it for a build with other templates
/// (`SiteModelStore`): it comes back as it was, and only under its document's dependency key and
/// the site's setup key; damaged bytes are refused, never half read.
@Suite struct SiteModelStoreTests {
    /// A verification of every kind for each sample of `tutorial` but the last (nothing verified it).
    private static func verifications(of tutorial: Tutorial) -> [SampleKey: SampleVerification] {
        let samples = tutorial.allCode
        var verifications: [SampleKey: SampleVerification] = [:]
        for (index, sample) in samples.dropLast().enumerated() {
            let status = SampleVerification.Status.allCases[index % SampleVerification.Status.allCases.count]
            let message = index % 3 == 0 ? nil : NoteMessage(
                "noteDrift\(index)", values: ["locale": "fr-fr", "line": "\(index)", "b": "é€🙂"], phrases: ["what": "damageSplit", "also": "codeFromFile"])
            let diff = index % 2 == 0 ? [] : [DiffLine(.context, "let a = 1"), DiffLine(.removed, "send(x)"), DiffLine(.added, "envoyer(x)")]
            verifications[SampleKey(source: tutorial.source, sample: sample.id)] = SampleVerification(
                status: status, note: index == 1 ? "" : "note \(index)", message: message, diff: diff, replacementText: index % 4 == 2 ? "restored\ncode" : nil)
        }
        return verifications
    }

    private static let stable = [0: "create-the-app", 3: "envoyer-des-notifications", 12: "a-b"]

    @Test("a page's verifications and stable section ids come back as they were; bytes cut short or run long are refused")
    func pageBytes() throws {
        let tutorial = try #require(SampleModels.all.max { $0.allCode.count < $1.allCode.count })
        #expect(tutorial.allCode.count >= 8)
        let verifications = Self.verifications(of: tutorial)
        let bytes = StoredPageModel.pageBytes(PageModel(tutorial: tutorial, verifications: verifications), stableSectionIDs: Self.stable)
        let back = try #require(bytes.withUnsafeBytes { StoredPageModel.page($0, source: tutorial.source) })
        #expect(back.verifications == verifications)
        #expect(back.stableSectionIDs == Self.stable)
        for cut in 0..<bytes.count {
            #expect(Array(bytes.prefix(cut)).withUnsafeBytes { StoredPageModel.page($0, source: tutorial.source) } == nil, "cut at \(cut)")
        }
        #expect((bytes + [0]).withUnsafeBytes { StoredPageModel.page($0, source: tutorial.source) } == nil)
    }

    /// `count` paths, the first two in one bucket.
    private static func paths(_ count: Int) -> [String] {
        var first: [Int: String] = [:]
        for index in 0... {
            let path = "content/fr-fr/articles/page-\(index).md"
            if let other = first[SiteCache.bucket(of: path)] {
                return [other, path] + (0..<count - 2).map { "content/es-es/articles/other-\($0).md" }
            }
            first[SiteCache.bucket(of: path)] = path
        }
        return []
    }

    private static func record(_ tutorial: Tutorial) -> SiteModelStore.Record {
        SiteModelStore.Record(
            model: .owned(tutorial.spooled()),
            page: StoredPageModel.pageBytes(PageModel(tutorial: tutorial, verifications: verifications(of: tutorial)), stableSectionIDs: stable))
    }

    @Test("stored models are used only under each document's dependency key and the setup key; a build after an edit keeps the bucket's other entries; a damaged bucket is refused")
    func store() throws {
        let folder = try TemporaryDirectory()
        let store = SiteModelStore(folder: folder.url.appendingPathComponent("site"))
        let tutorials = Array(SampleModels.all.prefix(5))
        let paths = Self.paths(tutorials.count)
        #expect(SiteCache.bucket(of: paths[0]) == SiteCache.bucket(of: paths[1]))
        var keys = Dictionary(uniqueKeysWithValues: paths.map { ($0, "key of \($0)") })
        var records: [String: (dependencyKey: String, record: SiteModelStore.Record)] = [:]
        for (path, tutorial) in zip(paths, tutorials) { records[path] = (keys[path]!, Self.record(tutorial)) }
        store.save(setupKey: "setup", records: records, current: keys, everyBucket: true)
        func documents() -> [String: (dependencyKey: String, source: String)] {
            Dictionary(uniqueKeysWithValues: zip(paths, tutorials).map { ($0, (keys[$0]!, $1.source)) })
        }
        func expectStored(_ expected: [Tutorial], sourceLocation: SourceLocation = #_sourceLocation) throws {
            let loaded = try #require(store.load(documents(), setupKey: "setup"), sourceLocation: sourceLocation)
            #expect(loaded.sources == Set(tutorials.map(\.source)), sourceLocation: sourceLocation)
            for tutorial in expected {
                let model = try #require(loaded.model(of: tutorial.source), sourceLocation: sourceLocation)
                #expect(model.tutorial == tutorial, sourceLocation: sourceLocation)
                #expect(model.verifications == Self.verifications(of: tutorial) && model.stableSectionIDs == Self.stable, sourceLocation: sourceLocation)
            }
        }
        try expectStored(tutorials)
        #expect(store.load(documents(), setupKey: "another setup") == nil)
        keys[paths[2]] = "edited"
        #expect(store.load(documents(), setupKey: "setup") == nil, "a document changed since its model was stored")

        // The first document edited: its bucket is written again with the second document's entry kept.
        var edited = tutorials[0]
        edited.title = "Un autre titre"
        keys[paths[2]] = "key of \(paths[2])"
        keys[paths[0]] = "edited"
        store.save(setupKey: "setup", records: [paths[0]: ("edited", Self.record(edited))], current: keys, everyBucket: false)
        try expectStored([edited] + tutorials.dropFirst())
        // The second document changed since: an edit of the first drops its stale entry.
        keys[paths[1]] = "changed, not stored"
        store.save(setupKey: "setup", records: [paths[0]: ("edited", Self.record(edited))], current: keys, everyBucket: false)
        keys[paths[1]] = "key of \(paths[1])"
        #expect(store.load(documents(), setupKey: "setup") == nil, "the stale entry was dropped")

        store.save(setupKey: "setup", records: [paths[1]: (keys[paths[1]]!, Self.record(tutorials[1]))], current: keys, everyBucket: false)
        try expectStored([edited] + tutorials.dropFirst())
        let bucket = store.folder.appendingPathComponent(String(format: "models-%02d.bin", SiteCache.bucket(of: paths[3])))
        var bytes = try Data(contentsOf: bucket)
        bytes[bytes.count - 10] ^= 0x01
        try bytes.write(to: bucket)
        #expect(store.load(documents(), setupKey: "setup") == nil, "a damaged bucket")
    }
}
