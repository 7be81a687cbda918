import Foundation
import Localization
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseWorkspace
import Testing
import TutorialModel

/// The types read from the cache's bytes directly (`CacheReadable`) read what their synthesized
/// `Decodable` conformances read: every finding and every document's links of a real check come back
/// equal, and crafted objects — optional keys missing or null, unknown keys, required keys missing,
/// values of another kind, cut bytes — are read or refused as the conformance reads or refuses them.
@Suite struct CacheReadableTests {
    /// `value` through the cache's binary form and back.
    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        let bytes = try CacheEncoder.encode(value)
        return try bytes.withUnsafeBytes { try CacheDecoder.decode(T.self, from: $0) }
    }

    /// `value` read by `T`'s `Decodable` conformance from the cache's form of it.
    private func decodable<T: Decodable>(_ type: T.Type, _ value: CacheValue) throws -> T {
        try value.bytes.withUnsafeBytes { try T(from: CacheDecoder.Decoding(bytes: $0, offset: 0, codingPath: [])) }
    }

    /// `value` read by `T`'s `CacheReadable` conformance.
    private func readable<T: CacheReadable>(_ type: T.Type, _ value: CacheValue) throws -> T {
        try value.bytes.withUnsafeBytes { bytes in
            var reader = CacheByteReader(bytes)
            let read = try T(cache: &reader)
            #expect(reader.offset == bytes.count, "the whole value is read")
            return read
        }
    }

    @Test("every finding and every document's links of the bundled tutorials' check come back equal")
    func realValues() throws {
        let setup = try CheckCacheBatchTests.Setup()
        // Checked without the cache, so that the values compared were never read from its bytes.
        let report = try WorkspaceCheck(workspace: setup.loader.load([setup.project.content.path])).run()
        #expect(report.findings.count > 50 && report.links.count > 5)
        #expect(report.findings.contains { $0.diff != nil } && report.findings.contains { $0.source != nil } && report.findings.contains { $0.document == nil })
        #expect(report.links.contains { $0.links.contains { $0.origin.include != nil } })
        #expect(try roundTrip(report.findings) == report.findings)
        #expect(try roundTrip(report.links) == report.links)
        var marked = report.findings
        for index in marked.indices where index % 2 == 0 {
            marked[index].fingerprint = "fingerprint-\(index)"
            marked[index].baseline = .new
        }
        #expect(try roundTrip(marked) == marked)
        let whole = try roundTrip(report)
        #expect(whole.findings == report.findings && whole.links == report.links, "a whole report, its findings and links read directly")
    }

    @Test("optional keys missing or null read as nil, unknown keys are skipped; each as the Decodable conformance reads them")
    func craftedObjects() throws {
        let origin = CacheValue.object([("path", .string("a.md")), ("line", .int(3))])
        let withNull = CacheValue.object([("include", .null), ("unknown", .array([.int(1)])), ("line", .int(3)), ("path", .string("a.md"))])
        for value in [origin, withNull] {
            #expect(try readable(Origin.self, value) == decodable(Origin.self, value))
            #expect(try readable(Origin.self, value) == Origin(path: "a.md", line: 3))
        }
        let link = CacheValue.object([
            ("destination", .string("b.md#x")), ("origin", .object([("path", .string("a.md")), ("line", .int(4)), ("include", .string("inc"))])),
            ("column", .int(7)),
        ])
        #expect(try readable(LinkReference.self, link) == decodable(LinkReference.self, link))
        let finding = CacheValue.object([
            ("rule", .string("sample-drift")), ("severity", .string("warning")), ("path", .string("a.md")), ("line", .int(2)),
            ("column", .int(1)), ("message", .string("drifted")), ("locale", .string("fr-fr")), ("document", .null),
            ("source", .object([("path", .string("s.md")), ("line", .int(9))])), ("fingerprint", .string("f")), ("baseline", .string("new")),
        ])
        let read = try readable(Finding.self, finding)
        #expect(read == (try decodable(Finding.self, finding)))
        #expect(read.source?.line == 9 && read.document == nil && read.fix == nil && read.baseline == .new)
    }

    @Test("a required key missing, a value of another kind or cut bytes are refused, as the Decodable conformance refuses them")
    func refused() throws {
        let noLine = CacheValue.object([("path", .string("a.md"))])
        let textLine = CacheValue.object([("path", .string("a.md")), ("line", .string("3"))])
        let notObject = CacheValue.array([.string("a.md"), .int(3)])
        for value in [noLine, textLine, notObject] {
            #expect(throws: (any Error).self) { try decodable(Origin.self, value) }
            #expect(throws: (any Error).self) { try readable(Origin.self, value) }
        }
        let links = DocumentLinks(
            document: "a.md", locale: "fr-fr", edition: "current", tutorialPath: "a.md", anchors: ["x"],
            links: [LinkReference(destination: "b.md", origin: Origin(path: "a.md", line: 1), column: 2)])
        let bytes = try CacheEncoder.encode([links])
        for cut in 1..<bytes.count {
            #expect(throws: (any Error).self) { try Array(bytes.prefix(cut)).withUnsafeBytes { try CacheDecoder.decode([DocumentLinks].self, from: $0) } }
        }
    }
}
