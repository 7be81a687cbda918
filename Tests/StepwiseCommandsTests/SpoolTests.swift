import Foundation
import Site
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
import Testing
import TutorialModel

/// A model set aside (`Tutorial.spooled()`, `Spool`) comes back equal to the model checked, its
/// hash value too (what a page's model is held to); bytes cut short or run long are refused. Bytes
/// set aside come back as they were.
@Suite struct SpoolTests {
    /// The real models and one with every optional present.
    private static let tutorials = SampleModels.all + [SampleModels.full]

    @Test("every model comes back equal, with an equal hash value")
    func roundTrip() throws {
        #expect(Self.tutorials.count == 5 + 4 + 48 + 1)
        for tutorial in Self.tutorials {
            let back = try Tutorial(spooled: tutorial.spooled())
            #expect(back == tutorial, "\(tutorial.source)")
            #expect(back.hashValue == tutorial.hashValue, "\(tutorial.source)")
        }
        // Present and absent optionals, empty and full lists, negative and large numbers: not the same bytes.
        var changed = try #require(Self.tutorials.last)
        changed.sections[0].tab = nil
        changed.sections[0].line = -7
        changed.nonStepLists[0].endLine = Int.max
        changed.sections[0].steps[0].inlines[0].children = nil
        #expect(try Tutorial(spooled: changed.spooled()) == changed)
        #expect(changed.spooled() != Self.tutorials.last?.spooled())
    }

    @Test("bytes cut short or run long are refused")
    func damagedBytes() throws {
        let bytes = try #require(Self.tutorials.last).spooled()
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            #expect(throws: SpoolError.self) { try Tutorial(spooled: Array(bytes.prefix(cut))) }
        }
        #expect(throws: SpoolError.self) { try Tutorial(spooled: bytes + [0]) }
    }

    @Test("each path of a model's origins is written once, then by its number; a number no path had is refused")
    func pathsWrittenOnce() throws {
        func occurrences(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
            guard !needle.isEmpty, bytes.count >= needle.count else { return 0 }
            return (0...(bytes.count - needle.count)).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.count
        }
        for tutorial in SampleModels.all.prefix(5) {
            let path = try #require(tutorial.sections.first?.origin.path)
            let json = try JSONEncoder().encode(tutorial)
            let origins = occurrences(Array("\"path\":\"\(path.replacingOccurrences(of: "/", with: "\\/"))\"".utf8), in: [UInt8](json))
            #expect(origins >= 20, "\(tutorial.source): \(origins) origins")
            let bytes = tutorial.spooled()
            // The path once among the origins, and where the model names it otherwise (its source, an include's path).
            #expect(occurrences(Array(path.utf8), in: bytes) <= 3, "\(tutorial.source)")
            #expect(try Tutorial(spooled: bytes) == tutorial)
        }
        // The first origin's path replaced by a reference to a path not written before.
        let tutorial = try #require(SampleModels.all.first)
        let path = try #require(tutorial.sections.first?.origin.path)
        var bytes = tutorial.spooled()
        // As written: the number 0, then the path's length and bytes (numbers zigzag-mapped).
        var written: [UInt8] = [0]
        LEB128.append(signed: Int64(path.utf8.count), to: &written)
        written += Array(path.utf8)
        let at = try #require((0...(bytes.count - written.count)).first { bytes[$0..<$0 + written.count].elementsEqual(written) })
        var unknown: [UInt8] = []
        LEB128.append(signed: 2, to: &unknown)
        bytes.replaceSubrange(at..<at + written.count, with: unknown)
        #expect(throws: SpoolError.self) { try Tutorial(spooled: bytes) }
    }

    @Test("a spool gives back each model at its place, from any thread; its file is never seen")
    func spool() throws {
        let folder = try TemporaryDirectory()
        let spool = try #require(Spool(in: folder.url.appendingPathComponent("cache", isDirectory: true)))
        let spooled = Self.tutorials.concurrentMap { spool.append($0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("cache").path).isEmpty)
        let read = spooled.reversed().concurrentMap { $0?.model }
        #expect(Array(read.reversed()) == Self.tutorials)
        #expect(Spool(in: URL(fileURLWithPath: "/dev/null/cannot")) == nil, "no folder: no spool, the documents are read again")
    }

    @Test("bytes set aside from many threads come back each at its place, empty ones too")
    func bytes() throws {
        let folder = try TemporaryDirectory()
        let spool = try #require(Spool(in: folder.url))
        let pieces = (0..<200).map { index in (0..<(index * 37 % 501)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) } }
        let spooled = pieces.concurrentMap { piece in piece.withUnsafeBytes { spool.append($0) } }
        #expect(spooled.allSatisfy { $0 != nil })
        #expect(spooled.map { $0?.range.count } == pieces.map(\.count))
        #expect(Array(spooled.reversed().concurrentMap { $0?.bytes }.reversed()) == pieces)
        let ranges = spooled.compactMap { $0?.range }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "each at a place of its own")
    }

    @Test("a build's search records set aside in a spool come back as the records held: each page's document and each locale's snapshot, nothing held")
    func searchRecords() throws {
        let folder = try TemporaryDirectory()
        let spool = try #require(Spool(in: folder.url))
        let spooled = SearchRecords(spool: spool), held = SearchRecords()
        let tutorials = Array(SampleModels.all.prefix(4))
        for records in [spooled, held] {
            _ = tutorials.concurrentMap { tutorial in
                let search = SearchDocument(tutorial: tutorial, page: tutorial.source + ".html", tokenizer: SearchTokenizer(locale: "fr-fr"))
                records.record(tutorial.source, search, fingerprint: search.fingerprint)
            }
            records.recordSnapshot("fr-fr", [1, 2, 3])
            records.recordSnapshot("de-de", Array(repeating: 7, count: 5000))
        }
        let (fromSpool, fromMemory) = (spooled.all, held.all)
        #expect(fromSpool.count == tutorials.count && fromSpool.keys.sorted() == fromMemory.keys.sorted())
        for (source, record) in fromSpool {
            #expect(record.search?.isHeld == false, "set aside: \(source)")
            #expect(record.search?.bytes == fromMemory[source]?.search?.bytes && record.fingerprint == fromMemory[source]?.fingerprint)
            #expect(record.search?.value?.page == source + ".html")
        }
        var snapshots: [[String: [UInt8]]] = []
        for records in [spooled, held] {
            var handed: [String: [UInt8]] = [:]
            records.forEachSnapshot { handed[$0] = $1 }
            snapshots.append(handed)
        }
        #expect(snapshots[0] == snapshots[1] && snapshots[0] == ["fr-fr": [1, 2, 3], "de-de": Array(repeating: 7, count: 5000)])
    }
}
