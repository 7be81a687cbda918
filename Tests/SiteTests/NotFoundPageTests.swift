import Foundation
import Site
import Testing

/// The 404 page, which a server shows at any address: its links start from the path the site is
/// published at, never from the page's own folder.
@Suite struct NotFoundPageTests {
    private func notFound(siteURL: String) throws -> String {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "en-us", siteURL: siteURL)
        let tutorial = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        return try #require(try fixture.render([tutorial])["404.html"])
    }

    /// Every `href` and `src` of `html`.
    private func links(_ html: String) -> [String] {
        html.matches(of: /(?:href|src)="([^"]*)"/).map { String($0.output.1) }
    }

    @Test("a site published below a path links its 404 page from that path: stylesheet, scripts, header, footer, home")
    func belowAPath() throws {
        let page = try notFound(siteURL: "https://example.org/docs/v2")
        let links = links(page).filter { $0 != "#main" }
        #expect(links.count >= 8, "\(links)")
        #expect(links.allSatisfy { $0.hasPrefix("/docs/v2/") }, "\(links)")
        #expect(page.contains(#"<p><a href="/docs/v2/">All tutorials</a></p>"#) && page.contains(#"href="/docs/v2/assets/site.css""#))
    }

    @Test("a site at the root of its host links its 404 page from /, whatever the host")
    func atTheRoot() throws {
        let links = links(try notFound(siteURL: "https://docs.example.org")).filter { $0 != "#main" }
        #expect(links.allSatisfy { $0.hasPrefix("/") && !$0.hasPrefix("//") } && links.contains("/"), "\(links)")
        #expect(SiteConfiguration.path(of: "https://example.org/a%20b/") == "/a%20b/")
    }
}
