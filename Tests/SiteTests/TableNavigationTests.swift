import DocFXDialect
import Foundation
@testable import Site
import StepwiseTestSupport
import Testing
import TutorialModel

/// The navigation of pages a table of contents lists: the sidebar expands only the groups on the way
/// to the page, the breadcrumbs follow the page's first entry, and the pager follows the table's order.
@Suite struct TableNavigationTests {
    /// a.md is listed twice: at the top and again inside "Group two › Sub".
    static let table = """
        # [Overview](a.md)
        # Group one
        ## [Bee](b.md)
        ## [Sea](c.md)
        # Group two
        ## [Dee](d.md)
        ## Sub
        ### [Overview again](a.md)
        """

    /// How a page of the folder links to another: from the site's root.
    static let folder = "../../../en-us/articles/svc/"

    private func site() throws -> [String: String] {
        let fixture = try SiteFixture()
        let tutorials = try ["a", "b", "c", "d"].map { name in
            try fixture.tutorial("en-us/articles/svc/\(name).md", "---\ntitle: Page \(name)\n---\n# Page \(name)\n\nText.\n")
        }
        var input = SiteInput(tutorials: tutorials, verifications: [:], driftReport: DriftReport())
        input.navigation = SiteNavigation(tables: [
            SiteNavigation.Table(locale: "en-us", folder: "articles/svc", file: "en-us/articles/svc/TOC.md", contents: TableOfContents.markdown(Self.table)),
        ])
        let templates = RepositoryFiles.root.appendingPathComponent("templates")
        let files = try SiteBuilder(templates: templates, configuration: fixture.configuration).render(input).files
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// The page's sidebar list, its breadcrumbs and its pager, each as one line of text.
    private func navigation(_ html: String) -> (sidebar: String, breadcrumbs: String, pager: String) {
        func between(_ start: String, _ end: String) -> String {
            guard let from = html.range(of: start), let to = html[from.upperBound...].range(of: end) else { return "" }
            return String(html[from.upperBound..<to.lowerBound]).replacingOccurrences(of: "\n", with: "")
        }
        return (between("site-nav-title", "</nav>"), between("<nav class=\"breadcrumbs\"", "</nav>"),
                between("<nav class=\"pager\"", "</nav>"))
    }

    @Test("a page in a group: its group is open, the other is one collapsed line to its first page; breadcrumbs and pager follow the table")
    func pageInGroup() throws {
        let page = try #require(try site()["en-us/articles/svc/c.html"])
        let (sidebar, breadcrumbs, pager) = navigation(page)
        #expect(sidebar.contains("<li><details open><summary><span>Group one</span></summary><ul><li><a href=\"\(Self.folder)b.html\">Bee</a></li><li><a href=\"\(Self.folder)c.html\" aria-current=\"page\">Sea</a></li></ul></details></li>"))
        #expect(sidebar.contains("<li class=\"nav-collapsed\"><a href=\"\(Self.folder)d.html\">Group two</a></li>"))
        #expect(!sidebar.contains("Overview again"))
        #expect(breadcrumbs.contains("<li><span>Group one</span></li><li><span>Sea</span></li>"))
        #expect(pager.contains("href=\"\(Self.folder)b.html\"><span class=\"pager-label\">") && pager.contains("</span> Bee</a>"))
        #expect(pager.contains("href=\"\(Self.folder)d.html\"><span class=\"pager-label\">") && pager.contains("</span> Dee</a>"))
    }

    @Test("a page listed twice: every group holding one of its entries is open; its breadcrumbs and pager place follow its first entry")
    func pageListedTwice() throws {
        let page = try #require(try site()["en-us/articles/svc/a.html"])
        let (sidebar, breadcrumbs, pager) = navigation(page)
        #expect(sidebar.contains("<li><a href=\"\(Self.folder)a.html\" aria-current=\"page\">Overview</a></li>"))
        #expect(sidebar.contains("<li class=\"nav-collapsed\"><a href=\"\(Self.folder)b.html\">Group one</a></li>"))
        #expect(sidebar.contains("<li><details open><summary><span>Group two</span></summary><ul><li><a href=\"\(Self.folder)d.html\">Dee</a></li><li><details open><summary><span>Sub</span></summary><ul><li><a href=\"\(Self.folder)a.html\" aria-current=\"page\">Overview again</a></li></ul></details></li></ul></details></li>"))
        #expect(breadcrumbs.contains("<li><span>Overview</span></li></ol>"))
        #expect(!pager.contains("rel=\"prev\""))
        #expect(pager.contains("href=\"\(Self.folder)b.html\"><span class=\"pager-label\">") && pager.contains("</span> Bee</a>"))
    }

    @Test("the navigation of the pages rendered: their locale's tables and their folders as the whole site's navigation has them, no other locale's, no other folder's")
    func pagesRendered() throws {
        let fixture = try SiteFixture()
        // Two folders in each locale; only the tables' folder (svc) has a table.
        let tutorials = try ["en-us", "fr-fr"].flatMap { locale in
            try [("svc", "a"), ("svc", "b"), ("svc", "c"), ("svc", "d"), ("other", "e"), ("other", "f")].map { folder, name in
                try fixture.tutorial("\(locale)/articles/\(folder)/\(name).md", "---\ntitle: Page \(name)\n---\n# Page \(name)\n\nText.\n")
            }
        }
        let navigation = SiteNavigation(tables: ["en-us", "fr-fr"].map { locale in
            SiteNavigation.Table(locale: locale, folder: "articles/svc", file: "\(locale)/articles/svc/TOC.md", contents: TableOfContents.markdown(Self.table))
        })
        let plan = SitePlan(tutorials: tutorials, configuration: fixture.configuration)
        let whole = NavigationIndex(navigation: navigation, plan: plan)
        // One page of the French `other` folder and one of its `svc` folder are rendered again.
        let rendered = tutorials.filter { $0.source == "content/fr-fr/articles/other/e.md" || $0.source == "content/fr-fr/articles/svc/b.md" }
        #expect(rendered.count == 2)
        let french = NavigationIndex(navigation: navigation, plan: plan, pages: rendered)
        #expect(whole.tables.map(\.locale) == ["en-us", "fr-fr"] && french.tables.map(\.locale) == ["fr-fr"])
        #expect(whole.localesWithTables == ["en-us", "fr-fr"] && french.localesWithTables == ["fr-fr"])
        for tutorial in tutorials {
            let (table, (pages, position)) = (french.table(of: tutorial), french.folderPages(of: tutorial))
            let folder = pages.map(\.source)
            if tutorial.locale == "fr-fr" {
                #expect(table?.outline.pages.map(\.page.source) == whole.table(of: tutorial)?.outline.pages.map(\.page.source))
                #expect((table != nil) == tutorial.source.contains("/svc/"))
                #expect(folder == whole.folderPages(of: tutorial).pages.map(\.source) && folder.count == (tutorial.source.contains("/svc/") ? 4 : 2))
                // The page's place in its folder, as its navigation shows it.
                #expect(position != nil && position == pages.firstIndex { $0.tutorialPath == tutorial.tutorialPath })
            } else {
                #expect(table == nil && folder.isEmpty && position == nil)
            }
        }
        // Only the rendered pages' folders are sorted: a scope of the `other` page alone knows nothing of `svc`'s pages.
        let page = try #require(rendered.first { $0.source.contains("/other/") })
        let other = NavigationIndex(navigation: navigation, plan: plan, pages: [page])
        let svc = try #require(tutorials.first { $0.source == "content/fr-fr/articles/svc/a.md" })
        #expect(other.folderPages(of: svc).pages.isEmpty && other.table(of: svc) != nil)
        #expect(other.folderPages(of: page).pages.map(\.source) == whole.folderPages(of: page).pages.map(\.source))
    }
}
