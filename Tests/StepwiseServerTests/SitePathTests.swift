import Foundation
@testable import StepwiseServer
import Testing

@Suite struct SitePathTests {
    @Test("a request path becomes the decoded segments of a file below the site")
    func segments() {
        #expect(SitePath.segments("/") == [])
        #expect(SitePath.segments("/en-us/articles/a%20b.html?x=1#top") == ["en-us", "articles", "a b.html"])
        #expect(SitePath.segments("//assets///site.css") == ["assets", "site.css"])
    }

    @Test("dot segments, hidden files, encoded separators and bad escapes are refused", arguments: [
        "/..", "/../x", "/a/../../x", "/%2e%2e/x", "/%2E%2e", "/.%2e/x", "/a/%2e%2e%2f..%2fx", "/a%2fb", "/a%5cb", "/..%5cx",
        "/a%00b", "/%zz", "/.stepwise/cache", "/.", "relative/path", "",
    ])
    func refused(_ target: String) {
        #expect(SitePath.segments(target) == nil)
    }

    @Test("the live-reload script goes before the last </body>, or at the end without one")
    func injection() {
        let page = Data("<html><body><p>x</p></body></html>".utf8)
        let injected = String(decoding: LiveReload.inject(into: page), as: UTF8.self)
        #expect(injected.hasPrefix("<html><body><p>x</p><script>"))
        #expect(injected.hasSuffix("</script>\n</body></html>"))
        let fragment = String(decoding: LiveReload.inject(into: Data("<p>x</p>".utf8)), as: UTF8.self)
        #expect(fragment == "<p>x</p>" + LiveReload.script)
    }

    @Test("content types follow the extension, in any case")
    func contentTypes() {
        #expect(ContentType.of("index.html") == "text/html; charset=utf-8")
        #expect(ContentType.of("copy.js") == "text/javascript; charset=utf-8")
        #expect(ContentType.of("PICTURE.PNG") == "image/png")
        #expect(ContentType.of("sitemap.xml") == "application/xml; charset=utf-8")
        #expect(ContentType.of("README") == "application/octet-stream")
    }

    @Test("a snapshot changes when a watched file is added, edited or removed, not when generated/ changes")
    func snapshots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-snapshot-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let content = folder.appendingPathComponent("content"), generated = content.appendingPathComponent("generated")
        try FileManager.default.createDirectory(at: generated, withIntermediateDirectories: true)
        let take = { SourceSnapshot.take([content, folder.appendingPathComponent("stepwise.yml")], excluding: [generated]) }
        let empty = take()
        try Data("a".utf8).write(to: content.appendingPathComponent("a.md"))
        let added = take()
        #expect(added != empty)
        try Data("x".utf8).write(to: generated.appendingPathComponent("page.html"))
        #expect(take() == added)
        try Data("ab".utf8).write(to: content.appendingPathComponent("a.md"))
        #expect(take() != added)
        try Data("k: v".utf8).write(to: folder.appendingPathComponent("stepwise.yml"))
        #expect(take().files.count == 2)
        try FileManager.default.removeItem(at: content.appendingPathComponent("a.md"))
        #expect(take().files.count == 1)
    }
}
