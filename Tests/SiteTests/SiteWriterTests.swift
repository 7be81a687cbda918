import Foundation
import Site
import StepwiseTestSupport
import Testing

@Suite struct SiteWriterTests {
    func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a build replaces the site and leaves no temporary folder behind")
    func replaces() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        try writer.write(["index.html": Data("one".utf8), "old.html": Data("old".utf8)])
        try writer.write(["index.html": Data("two".utf8)])
        #expect(try contents(generated) == ["site"])
        #expect(try contents(generated.appendingPathComponent("site")) == ["index.html"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "two")
    }

    @Test("temporary folders left by killed runs are removed; other folders of generated/ are not")
    func leftovers() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        for folder in ["tmp-site-1234", "tmp-old-site-5678", "swift", "tmp-other"] {
            try FileManager.default.createDirectory(at: generated.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try SiteWriter(generated: generated).write(["index.html": Data("one".utf8)])
        #expect(try contents(generated) == ["site", "swift", "tmp-other"])
    }

    @Test("a failed build leaves the previous site intact and writes nothing outside generated/", arguments: ["../escape.html", "/etc/evil.html", "a/../../b.html"])
    func failure(path: String) throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        try writer.write(["index.html": Data("good".utf8)])
        #expect(throws: (any Error).self) { try writer.write(["a.html": Data("new".utf8), path: Data("bad".utf8)]) }
        #expect(try contents(generated) == ["site"])
        #expect(try contents(scratch.url) == ["generated"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "good")
    }
}
