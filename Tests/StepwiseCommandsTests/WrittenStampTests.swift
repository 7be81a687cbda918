import Foundation
import Site
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
import TutorialModel

/// A build stamps the site's files as it writes them (`SiteWriter.observer`, `WrittenFiles`): the
/// site cache takes those stamps rather than reading thousands of pages back to hash them.
@Suite struct WrittenStampTests {
    /// The size and time `stat` gives the file at `url`.
    private func identity(_ url: URL) throws -> (size: Int, modified: Int) {
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        return (Int(status.st_size), FileTime.nanoseconds(status.st_mtim))
    }

    @Test("the observer is told of each file written, with its bytes and the size and time the site's file has; not of a file linked unchanged")
    func writerTellsWrittenFiles() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        var writer = SiteWriter(generated: generated)
        var written = WrittenFiles()
        writer.observer = written
        try writer.write(["a.html": Data("first".utf8), "deep/b.html": Data("bee".utf8)])
        #expect(Set(written.all.keys) == ["a.html", "deep/b.html"])
        for (path, text) in [("a.html", "first"), ("deep/b.html", "bee")] {
            let stamp = try #require(written.all[path])
            let (size, modified) = try identity(generated.appendingPathComponent("site/" + path))
            #expect(stamp.size == size && stamp.modified == modified && stamp.hash == FileStamp.checksum(Data(text.utf8)), "\(path)")
        }
        written = WrittenFiles()
        writer.observer = written
        try writer.write(["a.html": Data("first".utf8), "deep/b.html": Data("changed".utf8)])
        #expect(Array(written.all.keys) == ["deep/b.html"], "a.html is the previous site's file, linked")
        #expect(written.all["deep/b.html"]?.hash == FileStamp.checksum(Data("changed".utf8)))
    }

    @Test("the site cache records a page by its written stamp while the file still has its size and time; else by the file's bytes now")
    func cacheTakesWrittenStamps() throws {
        let scratch = try TemporaryDirectory()
        try scratch.write("generated/site/fr-fr/a.html", "<p>a</p>")
        try scratch.write("generated/site/fr-fr/b.html", "<p>b</p>")
        let cache = SiteCache(root: scratch.url)
        let site = scratch.url.appendingPathComponent("generated/site")
        let a = try identity(site.appendingPathComponent("fr-fr/a.html"))
        let tutorial = try #require(SampleModels.all.first)
        func page(_ name: String) -> SiteCache.Page {
            SiteCache.Page(page: "fr-fr/\(name).html", dependencyKey: "k", samples: [:], stamp: FileStamp(size: 0, modified: 0), title: name,
                           headerTitle: nil, description: nil, row: DriftRow(tutorial), media: [], diagnostics: [], search: nil, searchFingerprint: nil)
        }
        // The hash of a written stamp is not the file's: only a cache that took it unread records it.
        let written = ["fr-fr/a.html": FileStamp(size: a.size, modified: a.modified, hash: "as-written"),
                       "fr-fr/b.html": FileStamp(size: 8, modified: 1, hash: "stale")]
        cache.save(key: "key", setupKey: "setup", plan: "plan", pages: ["/c/fr-fr/a.md": page("a"), "/c/fr-fr/b.md": page("b")], written: written, previous: nil)
        let stored = cache.load(try #require(cache.loadIndex()))
        #expect(stored.pages["/c/fr-fr/a.md"]?.stamp.hash == "as-written")
        #expect(stored.pages["/c/fr-fr/b.md"]?.stamp.hash == FileStamp.checksum(Data("<p>b</p>".utf8)), "another time: read and hashed")
    }
}
