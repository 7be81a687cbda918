import Foundation
@testable import Site
import Testing

/// The site index of a site too large for one page is split by folder, as the drift report is: the
/// index lists the parts, each part lists its tutorials between the previous and next parts.
@Suite struct SiteIndexPartsTests {
    static let paths = ["articles/storage/a.md", "articles/storage/b.md", "articles/storage/blobs/c.md", "articles/vm/d.md", "index.md"]

    /// The five French documents of `paths`, with Spanish translations of two.
    private func site(pageSize: Int) throws -> [String: String] {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "fr-fr", listPageSize: pageSize)
        let french = try Self.paths.map { try fixture.tutorial("fr-fr/\($0)", "# Page \($0)\n\nTexte.\n") }
        let spanish = try Self.paths.prefix(2).map { try fixture.tutorial("es-es/\($0)", "# Página \($0)\n\nTexto.\n") }
        return try fixture.render(french + spanish)
    }

    @Test("a small site has one index listing every tutorial")
    func whole() throws {
        let files = try site(pageSize: 500_000)
        #expect(files.keys.filter { $0.hasPrefix("index/") }.isEmpty)
        let index = try #require(files["index.html"])
        for path in Self.paths { #expect(index.contains("href=\"fr-fr/\(path.replacingOccurrences(of: ".md", with: ".html"))\"")) }
        #expect(!index.contains("class=\"pager\"") && !index.contains("class=\"breadcrumbs\""))
    }

    @Test("a larger site's index lists the parts by folder; every page is reachable from a part, with breadcrumbs and previous/next")
    func split() throws {
        let files = try site(pageSize: 700)
        let parts = files.keys.filter { $0.hasPrefix("index/") }.sorted()
        #expect(parts == ["index/articles/storage/blobs/index.html", "index/articles/storage/index-2.html", "index/articles/storage/index.html",
                          "index/articles/vm/index.html", "index/index.html"], "\(parts)")
        let index = try #require(files["index.html"])
        for part in parts { #expect(index.contains("<a href=\"\(part)\">"), "\(part)") }
        #expect(!index.contains("class=\"card\""), "the index lists parts, not tutorials")
        // Every page of the site is linked from exactly one part.
        let pages = files.keys.filter { ($0.hasPrefix("fr-fr/articles/") || $0.hasPrefix("es-es/articles/") || $0.hasSuffix("/index.html")) && !$0.hasPrefix("index/") && !$0.contains("/drift/") }
        for page in pages where !page.hasPrefix("index") {
            let linking = parts.filter { part in files[part]?.contains("href=\"\(SitePlan.href(from: part, to: page))\"") == true }
            #expect(linking.count == 1, "\(page): \(linking)")
        }
        let storage2 = try #require(files["index/articles/storage/index-2.html"])
        #expect(storage2.contains("<h1>articles/storage/ (partie 2 sur 2)</h1>"))
        #expect(storage2.contains("rel=\"prev\" href=\"../../../index/articles/storage/index.html\""))
        #expect(storage2.contains("rel=\"next\" href=\"../../../index/articles/storage/blobs/index.html\""))
        #expect(storage2.contains("<li><a href=\"../../../index.html\">"), "breadcrumbs lead back to the index")
        #expect(storage2.contains("href=\"../../../status.html\""), "links from a part are relative to it")
    }
}

/// A locale's translation status too large for one page is split by folder: its page shows the counts
/// and the parts, each part its pages by state between the previous and next parts.
@Suite struct StatusPartsTests {
    private func site(pageSize: Int) throws -> [String: String] {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "fr-fr", listPageSize: pageSize)
        let french = try SiteIndexPartsTests.paths.map { try fixture.tutorial("fr-fr/\($0)", "# Page \($0)\n\nTexte.\n") }
        let spanish = try SiteIndexPartsTests.paths.prefix(3).map { try fixture.tutorial("es-es/\($0)", "# Página \($0)\n\nTexto.\n") }
        let tutorials = french + spanish
        let report = DriftReport(rows: tutorials.map { .init(tutorial: $0.tutorialPath, locale: $0.locale, findings: [], document: $0.source) })
        return try fixture.render(tutorials, report: report)
    }

    @Test("a small locale's status is one page")
    func whole() throws {
        let files = try site(pageSize: 500_000)
        #expect(files.keys.filter { $0.hasPrefix("es-es/status/") }.isEmpty)
        #expect(try #require(files["es-es/status.html"]).contains("class=\"status-list\""))
    }

    @Test("a larger locale's status lists its parts; every page of the locale is listed on exactly one part")
    func split() throws {
        let files = try site(pageSize: 400)
        let parts = files.keys.filter { $0.hasPrefix("es-es/status/") }.sorted()
        #expect(parts.count >= 3, "\(parts)")
        let page = try #require(files["es-es/status.html"])
        #expect(!page.contains("class=\"status-list\""), "the lists are on the parts")
        for part in parts { #expect(page.contains("<a href=\"\(SitePlan.href(from: "es-es/status.html", to: part))\">"), "\(part)") }
        for path in SiteIndexPartsTests.paths {
            let listing = parts.filter { files[$0]?.contains("<code class=\"status-path\">\(path)</code>") == true }
            #expect(listing.count == 1, "\(path): \(listing)")
        }
        for part in parts {
            let html = try #require(files[part])
            #expect(html.contains("<a href=\"\(SitePlan.href(from: part, to: "es-es/status.html"))\">"), "breadcrumbs lead back to the locale's status")
            #expect(html.contains("class=\"pager\""))
        }
    }

    @Test("every part of a locale's status stays within listPageSize, measured as rendered, however long the titles")
    func partsWithinPageSize() throws {
        let pageSize = 12_000
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "fr-fr", listPageSize: pageSize)
        let title = String(repeating: "Un titre très long et détaillé ", count: 6)
        let paths = (1...40).map { "articles/service/subfolder/page-\($0).md" }
        let french = try paths.map { try fixture.tutorial("fr-fr/\($0)", "# \(title) \($0)\n\nTexte.\n") }
        let spanish = try paths.map { try fixture.tutorial("es-es/\($0)", "# \(title) \($0) en español\n\nTexto.\n") }
        let tutorials = french + spanish
        let report = DriftReport(rows: tutorials.map { .init(tutorial: $0.tutorialPath, locale: $0.locale, findings: [], document: $0.source) })
        let files = try fixture.render(tutorials, report: report)
        let parts = files.keys.filter { $0.hasPrefix("es-es/status/") }.sorted()
        #expect(parts.count >= 2, "\(parts)")
        for part in parts {
            let bytes = try #require(files[part]).utf8.count
            #expect(bytes <= pageSize, "\(part): \(bytes) bytes")
        }
        for path in paths { #expect(parts.count { files[$0]?.contains("<code class=\"status-path\">\(path)</code>") == true } == 1, "\(path)") }
    }
}
