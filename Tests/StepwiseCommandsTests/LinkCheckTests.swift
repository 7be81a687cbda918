import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// `Fixtures/link-project`: two documents and an include with good, broken, external and anchored links.
@Suite struct LinkCheckTests {
    static let fixture = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/link-project")

    /// The five broken links and anchors of the fixture, each at the `[` of its link (the include's at the include's line).
    static let expected = [
        "content/en-us/articles/guide/start.md:10:3: error: link to “missing-page.md” goes nowhere: en-us/articles/guide/missing-page.md is not a document of the content, nor named in externalDocuments [link-broken]",
        "content/en-us/articles/guide/start.md:11:3: warning: “#no-such-heading” names no heading or anchor of content/en-us/articles/guide/next.md [anchor-missing]",
        "content/en-us/articles/guide/start.md:12:28: warning: “#nowhere” names no heading or anchor of this page [anchor-missing]",
        "content/en-us/includes/shared.md:3:53: warning: “#gone” names no heading or anchor of content/en-us/articles/guide/next.md [anchor-missing]",
        "content/en-us/includes/shared.md:3:105: error: link to “../articles/guide/nothing.md” goes nowhere: en-us/articles/guide/nothing.md is not a document of the content, nor named in externalDocuments [link-broken]",
    ]

    func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for item in ["content", "stepwise.yml"] {
            try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent(item), to: directory.url.appendingPathComponent(item))
        }
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: directory.url.appendingPathComponent("templates"))
        return directory
    }

    static func linkFindings(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[link-broken]") || $0.hasSuffix("[anchor-missing]") }
    }

    @Test("check reports broken links and missing anchors at the link's place, an include's in the include; good, ?query, folded, external and site-root links pass")
    func checkFindsBrokenLinks() throws {
        let directory = try project()
        let result = runStepwise(in: directory, ["check", "content", "--no-cache"])
        #expect(result.status == 1)
        #expect(Self.linkFindings(result.output) == Self.expected)
    }

    @Test("the cached check gives a cold run's link findings when another document's headings change")
    func cacheFollowsTargets() throws {
        let directory = try project()
        #expect(Self.linkFindings(runStepwise(in: directory, ["check", "content"]).output) == Self.expected)
        let next = directory.url.appendingPathComponent("content/en-us/articles/guide/next.md")
        let text = try String(contentsOf: next, encoding: .utf8).replacingOccurrences(of: "## Deploy the app", with: "## Ship it")
        try text.write(to: next, atomically: true, encoding: .utf8)
        let warm = Self.linkFindings(runStepwise(in: directory, ["check", "content"]).output)
        let cold = Self.linkFindings(runStepwise(in: directory, ["check", "content", "--no-cache"]).output)
        #expect(warm == cold)
        #expect(warm.filter { $0.contains("#deploy-the-app") || $0.contains("#Deploy-The-App") }.count == 3)
    }

    @Test("an incremental build checks again the links to a document whose headings changed, and keeps the others' findings; a damaged link cache is ignored")
    func buildCacheFollowsTargets() throws {
        let directory = try project()
        func findings(_ arguments: [String] = []) -> [String] {
            let result = runStepwise(in: directory, ["build"] + arguments)
            return Self.linkFindings(result.error + result.output)
        }
        #expect(findings() == Self.expected)
        #expect(findings() == Self.expected, "nothing changed: the stored findings")
        let next = directory.url.appendingPathComponent("content/en-us/articles/guide/next.md")
        let text = try String(contentsOf: next, encoding: .utf8).replacingOccurrences(of: "## Deploy the app", with: "## Ship it")
        try text.write(to: next, atomically: true, encoding: .utf8)
        // start.md and the include it reads are not edited: their links to next.md#deploy-the-app are checked again.
        let warm = findings()
        #expect(warm == findings(["--no-cache"]))
        #expect(warm.filter { $0.contains("#deploy-the-app") || $0.contains("#Deploy-The-App") }.count == 3)
        // The warm run wrote the records it kept back as it read them: each record's bytes are those of
        // the record made afresh (the file's order of records is its dictionary's, not compared).
        let cache = directory.url.appendingPathComponent(".stepwise/cache/links.bin")
        func records() -> [String: [UInt8]]? { CacheFile.read(LinkCache.Stored.self, from: cache)?.documents.mapValues(\.bytes) }
        let written = try #require(records())
        try FileManager.default.removeItem(at: cache)
        #expect(findings() == warm)
        #expect(records() == written)
        #expect(written.count == 4, "a record for each document: start, next, orphan and other")
        let data = try Data(contentsOf: cache)
        try data.prefix(data.count - 5).write(to: cache)
        #expect(findings() == warm)
    }

    @Test("build reports the same findings and renders broken links as marked text, external documents through docsBaseURL, fragments as the page's ids")
    func buildRendersLinks() throws {
        let directory = try project()
        let result = runStepwise(in: directory, ["build"])
        #expect(Self.linkFindings(result.error + result.output) == Self.expected)
        let site = directory.url.appendingPathComponent("generated/site/en-us/articles/guide")
        let start = try String(contentsOf: site.appendingPathComponent("start.html"), encoding: .utf8)
        #expect(start.contains(#"<span class="link-broken" title="articles/guide/missing-page.md">Broken</span>"#))
        #expect(start.contains(#"<a href="https://docs.example.org/en-us/thing/" class="external" rel="external">Published elsewhere</a>"#))
        #expect(start.contains(#"<a href="../../../en-us/articles/guide/next.html#old-anchor">Anchor by name</a>"#))
        #expect(start.contains(#"<a href="../../../en-us/articles/guide/next.html#deploy-the-app">a query</a>"#))
        #expect(start.contains(#"<a href="https://docs.example.org/azure/foo" class="external" rel="external">site root</a>"#))
        #expect(!start.contains("href=\"missing-page"), "a broken link points nowhere")
        let next = try String(contentsOf: site.appendingPathComponent("next.html"), encoding: .utf8)
        #expect(next.contains(#"<a id="old-anchor"></a>"#))
    }

    @Test("check shards merge into the unsharded check's link findings")
    func shardsMerge() throws {
        let directory = try project()
        for index in 1...2 {
            #expect(runStepwise(in: directory, ["check", "content", "--shard", "\(index)/2", "--part", "part-\(index).bin"]).status == 0)
        }
        let merged = runStepwise(in: directory, ["merge", "part-1.bin", "part-2.bin"])
        #expect(Self.linkFindings(merged.output) == Self.expected)
    }
}

/// `Fixtures/link-project`'s `TOC.md` (guide/) and `toc.yml` (more/), with an orphan page in more/.
@Suite struct NavigationTests {
    @Test("TOC.md and toc.yml entries that point nowhere are toc-broken at the entry's line")
    func brokenEntries() throws {
        let directory = try LinkCheckTests().project()
        let result = runStepwise(in: directory, ["check", "content", "--no-cache"])
        let entries = result.output.split(separator: "\n").filter { $0.hasSuffix("[toc-broken]") }
        #expect(entries == [
            "content/en-us/articles/guide/TOC.md:4:4: warning: entry “Gone” links to “gone.md”: en-us/articles/guide/gone.md is not a document of the content, nor named in externalDocuments [toc-broken]",
            "content/en-us/articles/more/toc.yml:5:5: warning: entry “Missing page” links to “missing.md”: en-us/articles/more/missing.md is not a document of the content, nor named in externalDocuments [toc-broken]",
        ])
        #expect(!result.output.contains("in 7 documents"), "a table of contents is not a document")
    }

    @Test("pages get their table's sidebar (current page marked, its section open), breadcrumbs and previous/next; an unlisted page its folder with a note")
    func sidebarBreadcrumbsPager() throws {
        let directory = try LinkCheckTests().project()
        _ = runStepwise(in: directory, ["build"])
        let site = directory.url.appendingPathComponent("generated/site/en-us/articles")
        func page(_ path: String) throws -> String { try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8) }
        let start = try page("guide/start.html"), next = try page("guide/next.html")
        #expect(start.contains(#"<li><details open><summary><span>Guide</span></summary><ul>"#))
        #expect(start.contains(#"<a href="../../../en-us/articles/guide/start.html" aria-current="page">Start here</a>"#))
        #expect(start.contains(#"<span class="link-broken" title="articles/guide/gone.md">Gone</span>"#))
        #expect(start.contains(#"<ol><li><span>Guide</span></li><li><span>Start here</span></li></ol>"#))
        #expect(start.contains(#"<a class="pager-next" rel="next" href="../../../en-us/articles/guide/next.html"><span class="pager-label">Next</span> Next steps</a>"#))
        #expect(next.contains(#"<a class="pager-previous" rel="prev" href="../../../en-us/articles/guide/start.html">"#))
        let other = try page("more/other.html"), orphan = try page("more/orphan.html")
        #expect(other.contains(#"<ol><li><span>More</span></li><li><span>Other page</span></li></ol>"#))
        #expect(!other.contains("site-nav-note"))
        #expect(orphan.contains(#"<p class="site-nav-note">This page is not in the table of contents; the pages of its folder are shown.</p>"#))
        #expect(orphan.contains(#"<a href="../../../en-us/articles/more/orphan.html" aria-current="page">Orphan</a>"#))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("guide/TOC.html").path))
    }

    @Test("the sidebar is pruned: a group that does not hold the page is one line leading to its first page")
    func prunedSidebar() throws {
        let directory = try LinkCheckTests().project()
        let toc = directory.url.appendingPathComponent("content/en-us/articles/guide/TOC.md")
        let text = try String(contentsOf: toc, encoding: .utf8) + "\n# Reference\n## [Other page](../more/other.md)\n"
        try text.write(to: toc, atomically: true, encoding: .utf8)
        #expect(runStepwise(in: directory, ["build"]).status != 2)
        let site = directory.url.appendingPathComponent("generated/site/en-us/articles")
        let start = try String(contentsOf: site.appendingPathComponent("guide/start.html"), encoding: .utf8)
        #expect(start.contains(#"<li class="nav-collapsed"><a href="../../../en-us/articles/more/other.html">Reference</a></li>"#), "\(start)")
        #expect(!start.contains(">Other page</a>"), "the collapsed group's entries are not on the page")
        #expect(start.contains(#"<li><details open><summary><span>Guide</span></summary><ul>"#), "the group holding the page stays open")
    }

    @Test("an edited table of contents is a new sidebar on the next incremental build")
    func tableEditRebuildsPages() throws {
        let directory = try LinkCheckTests().project()
        #expect(runStepwise(in: directory, ["build"]).status != 2)
        let toc = directory.url.appendingPathComponent("content/en-us/articles/guide/TOC.md")
        try String(contentsOf: toc, encoding: .utf8).replacingOccurrences(of: "Start here", with: "Begin here").write(to: toc, atomically: true, encoding: .utf8)
        #expect(runStepwise(in: directory, ["build"]).status != 2)
        let start = try String(contentsOf: directory.url.appendingPathComponent("generated/site/en-us/articles/guide/start.html"), encoding: .utf8)
        #expect(start.contains(#"aria-current="page">Begin here</a>"#))
    }

    @Test("tidy finds no error on pages with navigation", .enabled(if: FileManager.default.isExecutableFile(atPath: BuildCommandTests.tidy)))
    func tidyClean() throws {
        let directory = try LinkCheckTests().project()
        _ = runStepwise(in: directory, ["build"])
        let site = directory.url.appendingPathComponent("generated/site/en-us/articles")
        for page in ["guide/start.html", "guide/next.html", "more/other.html", "more/orphan.html"] {
            let result = try SiteProject.run(BuildCommandTests.tidy, ["-errors", "-quiet", site.appendingPathComponent(page).path])
            #expect(result.status < 2 && !result.output.contains("Error:"), "\(page): \(result.output)")
        }
    }
}

@Suite struct SitePagesTests {
    @Test("the site has a 404 page linking from the site's path on its server, and pages link to their source through editURL")
    func notFoundAndEditLink() throws {
        let directory = try LinkCheckTests().project()
        _ = runStepwise(in: directory, ["build"])
        let site = directory.url.appendingPathComponent("generated/site")
        let notFound = try String(contentsOf: site.appendingPathComponent("404.html"), encoding: .utf8)
        #expect(notFound.contains("<h1>Page not found</h1>"))
        // Shown at any depth: every link starts from the site's path (siteURL's, here `/`), not from the page.
        #expect(notFound.contains(#"<p><a href="/">All tutorials</a></p>"#))
        #expect(notFound.contains(#"<link rel="stylesheet" href="/assets/site.css">"#) && notFound.contains(#"<a class="brand" href="/index.html">"#))
        #expect(!notFound.contains(#"href="assets/"#) && !notFound.contains(#"src="assets/"#) && !notFound.contains("stepwise.example.org"))
        let start = try String(contentsOf: site.appendingPathComponent("en-us/articles/guide/start.html"), encoding: .utf8)
        #expect(start.contains(#"<a class="edit-link" href="https://github.com/example/docs/edit/main/content/en-us/articles/guide/start.md" rel="external">Edit this page</a>"#))
        let sitemap = try String(contentsOf: site.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        #expect(!sitemap.contains("404"))
    }
}
