import Site
import Testing

@Suite struct DriftReportPageTests {
    @Test("an empty drift report says no checks have run")
    func empty() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let html = try #require(try fixture.render([tutorial])["drift-report.html"])
        #expect(html.contains("No drift checks have run yet."))
        #expect(html.contains("cell-unchecked"))
        #expect(!html.contains("class=\"finding"))
    }

    @Test("a populated drift report shows the matrix and each finding with its diff")
    func populated() throws {
        let fixture = try SiteFixture()
        let english = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let german = try fixture.tutorial("de-de/articles/hello.md", sampleTutorial.replacingOccurrences(of: "Build the app", with: "App bauen"))
        let finding = DriftReport.Finding(
            message: "sample differs from the source", location: "content/de-de/articles/hello.md:12:1",
            diff: [DiffLine(.context, "@implementation AppDelegate"), DiffLine(.removed, "NSLog(@\"hi\");"), DiffLine(.added, "NSLog(@\"<hallo>\");")])
        let report = DriftReport(rows: [
            .init(tutorial: english.tutorialPath, locale: "en-us"),
            .init(tutorial: german.tutorialPath, locale: "de-de", findings: [finding]),
        ])
        let html = try #require(try fixture.render([english, german], report: report)["drift-report.html"])
        #expect(html.contains("cell-clean"))
        #expect(html.contains("<a href=\"#drift-de-de-current-articles--hello\">1 findings</a>"))
        #expect(html.contains("id=\"drift-de-de-current-articles--hello\""))
        #expect(html.contains("content/de-de/articles/hello.md:12:1"))
        #expect(html.contains("<span class=\"diff-added\">+ NSLog(@&quot;&lt;hallo&gt;&quot;);</span>"))
        #expect(html.contains("<span class=\"diff-removed\">"))
    }
}
