import Foundation
@testable import Site
import Testing

@Suite struct DriftReportPageTests {
    private func finding(_ path: String, severity: String = "warning", rule: String = "code-drift", diff: [DiffLine] = []) -> DriftReport.Finding {
        DriftReport.Finding(severity: severity, message: "sample differs from the source [\(rule)]", location: "content/\(path):12:1", diff: diff, rule: rule)
    }

    @Test("an empty drift report says no checks have run")
    func empty() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let files = try fixture.render([tutorial])
        let html = try #require(files["drift-report.html"])
        #expect(html.contains("No drift checks have run yet."))
        #expect(!html.contains("class=\"finding") && !html.contains("<table"))
        #expect(try #require(files["en-us/drift-report.html"]).contains("No findings."), "every locale has its page")
    }

    @Test("the overview counts findings per language and rule and links each language's page, which shows each finding with its diff")
    func populated() throws {
        let fixture = try SiteFixture()
        let english = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let german = try fixture.tutorial("de-de/articles/hello.md", sampleTutorial.replacingOccurrences(of: "Build the app", with: "App bauen"))
        let diff = [DiffLine(.context, "@implementation AppDelegate"), DiffLine(.removed, "NSLog(@\"hi\");"), DiffLine(.added, "NSLog(@\"<hallo>\");")]
        let report = DriftReport(rows: [
            .init(tutorial: english.tutorialPath, locale: "en-us"),
            .init(tutorial: german.tutorialPath, locale: "de-de", findings: [
                finding("de-de/articles/hello.md", severity: "error", diff: diff), finding("de-de/articles/hello.md", rule: "sentence-stale"),
            ]),
        ])
        let files = try fixture.render([english, german], report: report)
        let overview = try #require(files["drift-report.html"])
        #expect(overview.contains("<a href=\"de-de/drift-report.html\" lang=\"de-de\">Deutsch</a>"))
        #expect(overview.contains("<td class=\"num\">1</td><td class=\"num count-error\">1</td><td class=\"num count-warning\">1</td>"), "pages, errors, warnings")
        #expect(overview.contains("<code>code-drift</code></th><td class=\"num\" data-label=\"English\">0</td><td class=\"num\" data-label=\"Deutsch\">1</td>"), "a rule's count per language")
        #expect(!overview.contains("class=\"finding"), "the overview lists no finding")
        let page = try #require(files["de-de/drift-report.html"])
        #expect(page.contains("<html lang=\"de-de\">") && page.contains("<h1>Abweichungsbericht — Deutsch</h1>"), "in the locale's own strings")
        #expect(page.contains("<a href=\"#drift-de-de-current-articles--hello\">"), "the page's table links each document's findings")
        #expect(page.contains("id=\"drift-de-de-current-articles--hello\""))
        #expect(page.contains("<h2><a href=\"../de-de/articles/hello.html\">"), "each document's findings link to its page")
        #expect(page.contains("<span class=\"finding-severity\">Fehler</span> <code class=\"finding-location\">content/de-de/articles/hello.md:12:1</code>"))
        #expect(page.contains("<span class=\"diff-added\">+ NSLog(@&quot;&lt;hallo&gt;&quot;);</span>"))
        #expect(page.contains("<a href=\"../drift-report.html\">Abweichungsbericht</a>"), "breadcrumbs lead back to the overview")
        #expect(try #require(files["en-us/drift-report.html"]).contains("No findings."))
        #expect(files.keys.filter { $0.contains("/drift/") }.isEmpty, "findings that fit on one page are not split")
    }

    /// Four French documents with findings: two in `articles/storage` (one of them long), one in
    /// `articles/storage/blobs`, one in `articles/vm`, and one directly in the locale.
    private func splitSite(pageSize: Int) throws -> (files: [String: String], report: DriftReport) {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "fr-fr", driftReportPageSize: pageSize)
        let paths = ["articles/storage/a.md", "articles/storage/b.md", "articles/storage/blobs/c.md", "articles/vm/d.md", "index.md"]
        let tutorials = try paths.map { try fixture.tutorial("fr-fr/\($0)", "# Page \($0)\n\nTexte.\n") }
        let report = DriftReport(rows: tutorials.map { tutorial in
            let count = tutorial.tutorialPath.hasSuffix("b.md") ? 12 : 3
            return .init(tutorial: tutorial.tutorialPath, locale: "fr-fr",
                         findings: (0..<count).map { _ in finding("fr-fr/" + tutorial.tutorialPath, diff: [DiffLine(.added, String(repeating: "x", count: 200))]) },
                         document: tutorial.source)
        })
        return (try fixture.render(tutorials, report: report), report)
    }

    @Test("a locale's findings that do not fit one page are split by folder; a folder too large for a page into its subfolders and consecutive parts")
    func split() throws {
        let (files, report) = try splitSite(pageSize: 4_000)
        let layout = DriftReportLayout(report: report, locales: ["fr-fr"], sourceEdition: "current", pageSize: 4_000)
        let parts = layout.parts.map { "\($0.path) \($0.rows.map(\.tutorial))" }
        #expect(parts == [
            "fr-fr/drift/index.html [\"index.md\"]",
            "fr-fr/drift/articles/storage/index.html [\"articles/storage/a.md\"]",
            "fr-fr/drift/articles/storage/index-2.html [\"articles/storage/b.md\"]",
            "fr-fr/drift/articles/storage/blobs/index.html [\"articles/storage/blobs/c.md\"]",
            "fr-fr/drift/articles/vm/index.html [\"articles/vm/d.md\"]",
        ], "\(parts)")
        #expect(DriftReportLayout(report: report, locales: ["fr-fr"], sourceEdition: "current", pageSize: 11_500).parts.map(\.path) == [
            "fr-fr/drift/index.html", "fr-fr/drift/articles/index.html",
        ], "with more room, a whole folder is one part")
        #expect(DriftReportLayout(report: report, locales: ["fr-fr"], sourceEdition: "current", pageSize: 1_000_000).parts.map(\.path) == ["fr-fr/drift-report.html"])

        for part in layout.parts {
            let html = try #require(files[part.path], "\(part.path)")
            for row in report.rows {
                #expect(html.contains("id=\"\(DriftReportPageBuilder.anchor(row))\"") == part.rows.contains(row), "\(part.path): \(row.tutorial)")
            }
        }
        let storage2 = try #require(files["fr-fr/drift/articles/storage/index-2.html"])
        #expect(storage2.contains("<h1>articles/storage/ (partie 2 sur 2)</h1>"))
        #expect(storage2.contains("rel=\"prev\" href=\"../../../../fr-fr/drift/articles/storage/index.html\""))
        #expect(storage2.contains("rel=\"next\" href=\"../../../../fr-fr/drift/articles/storage/blobs/index.html\""))
        #expect(storage2.contains("<a href=\"../../../../fr-fr/drift-report.html\">Français</a>"), "breadcrumbs: the locale's page")
        // The locale's page and the overview list the parts; the locale's page shows no finding itself.
        let locale = try #require(files["fr-fr/drift-report.html"])
        #expect(locale.contains("<a href=\"../fr-fr/drift/articles/storage/index-2.html\">articles/storage/ (partie 2 sur 2)</a>"))
        #expect(locale.contains("<a href=\"../fr-fr/drift/index.html\">(dossier racine)</a>"))
        #expect(!locale.contains("class=\"finding"))
        #expect(try #require(files["drift-report.html"]).contains("<a href=\"fr-fr/drift/articles/vm/index.html\">articles/vm/</a>"))
        #expect(try #require(files["sitemap.xml"]).contains("<loc>https://stepwise.example.org/fr-fr/drift/articles/storage/blobs/index.html</loc>"))
    }

    @Test("no part is much larger than the page size, whatever the findings")
    func bounded() throws {
        let (files, report) = try splitSite(pageSize: 6_000)
        let layout = DriftReportLayout(report: report, locales: ["fr-fr"], sourceEdition: "current", pageSize: 6_000)
        #expect(layout.parts.count > 2)
        // What every page has besides the findings: head, header, breadcrumbs, pager, footer.
        let chrome = 5_000
        for part in layout.parts {
            let size = try #require(files[part.path]).utf8.count
            #expect(part.rows.count == 1 || size < 6_000 + chrome, "\(part.path): \(size) bytes")
            // The estimate is close to what the page shows.
            let estimate = part.rows.reduce(0) { $0 + DriftReportLayout.weight($1) }
            #expect(abs(size - estimate) < estimate / 4 + chrome, "\(part.path): \(size) bytes, estimated \(estimate)")
        }
    }
}
