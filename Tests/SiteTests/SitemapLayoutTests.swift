import Foundation
@testable import Site
import Testing

/// A large sitemap is a sitemap index and parts (sitemaps.org); a page added or removed rewrites
/// its own part, the others keep their bytes and names.
@Suite struct SitemapLayoutTests {
    static let base = "https://stepwise.example.org/"

    /// `count` pages in two locales, each with its alternates.
    static func sitemap(_ count: Int, skipping skipped: Int? = nil) -> SitemapView {
        SitemapView(urls: (0..<count).filter { $0 != skipped }.map { number in
            let page = String(format: "articles/folder-%03d/page-%05d.html", number / 50, number)
            return SitemapView.Entry(location: base + "fr-fr/" + page, alternates: ["fr-fr", "es-es", "x-default"].map {
                AlternateLink(hreflang: $0, href: base + ($0 == "x-default" ? "fr-fr" : $0) + "/" + page)
            })
        })
    }

    @Test("a sitemap that fits one part is sitemap.xml alone")
    func small() {
        let layout = SitemapLayout(Self.sitemap(20), base: Self.base)
        #expect(layout.index == nil)
        #expect(layout.parts.map(\.path) == ["sitemap.xml"])
    }

    @Test("a large sitemap is an index naming parts that list every page once, in order, none past the maximum")
    func split() throws {
        let whole = Self.sitemap(12_000)
        let layout = SitemapLayout(whole, base: Self.base)
        let index = try #require(layout.index)
        #expect(layout.parts.count > 3)
        #expect(index.sitemaps == layout.parts.map { Self.base + $0.path })
        #expect(layout.parts.allSatisfy { $0.path.hasPrefix("sitemaps/") && $0.path.hasSuffix(".xml") })
        #expect(layout.parts.flatMap { $0.view.urls.map(\.location) } == whole.urls.map(\.location))
        for part in layout.parts {
            let size = part.view.urls.reduce(0) { $0 + SitemapLayout.size($1) }
            #expect(size <= ContentChunking.sitemap.maximum && part.view.urls.count < 50_000)
        }
    }

    @Test("removing a page renames only the part that listed it (or the next); the others are the same files")
    func stableParts() {
        let before = SitemapLayout(Self.sitemap(12_000), base: Self.base).parts.map(\.path)
        let after = SitemapLayout(Self.sitemap(12_000, skipping: 6_000), base: Self.base).parts.map(\.path)
        #expect(Set(before).subtracting(after).count <= 2)
        #expect(Set(before).intersection(after).count >= before.count - 2)
    }

    @Test("the index renders as a sitemaps.org sitemap index")
    func rendered() throws {
        let layout = SitemapLayout(Self.sitemap(12_000), base: Self.base)
        let renderer = try SiteRenderer(directory: StepwiseTestSupportRoot.templates)
        let xml = String(decoding: try renderer.render(try #require(layout.index), template: "sitemap-index"), as: UTF8.self)
        #expect(xml.contains("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"))
        #expect(xml.contains("<sitemap>\n<loc>\(Self.base)\(layout.parts[0].path)</loc>\n</sitemap>"))
    }
}
