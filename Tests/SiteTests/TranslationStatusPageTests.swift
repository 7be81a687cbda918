import Site
import Testing
import TutorialModel

/// The translation-status pages: each page of a locale in one state (the worst that applies), the
/// sources no page of the locale translates listed as missing, and an overview of every locale.
@Suite struct TranslationStatusPageTests {
    /// A row whose findings have these rules, each with the effect the checks give it (nil: none).
    private func row(_ tutorial: Tutorial, source: Tutorial? = nil, rules: [(String, DriftReport.Effect?)] = []) -> DriftReport.Row {
        DriftReport.Row(
            tutorial: tutorial.tutorialPath, locale: tutorial.locale, edition: tutorial.edition,
            findings: rules.map { DriftReport.Finding(message: "m [\($0.0)]", location: "\(tutorial.source):1:1", rule: $0.0, effect: $0.1) },
            document: tutorial.source, sourceDocument: source?.source)
    }

    private func page(_ title: String) -> String { "# \(title)\n\nText.\n" }

    @Test("drifted, stale, fallback, up to date, missing and unpaired pages of a locale, and the overview")
    func states() throws {
        let fixture = try SiteFixture()
        let sources = try ["alpha", "beta", "gamma", "delta", "omega"].map { try fixture.tutorial("en-us/articles/\($0).md", page("Source \($0)")) }
        let drifted = try fixture.tutorial("de-de/articles/alpha.md", page("Alpha DE"))
        let stale = try fixture.tutorial("de-de/articles/beta.md", page("Beta DE"))
        let fallback = try fixture.tutorial("de-de/articles/gamma.md", page("Gamma DE"))
        // Paired by the checks with a source of another path (by ms.assetid): not missing, not unpaired.
        let renamed = try fixture.tutorial("de-de/articles/delta-neu.md", page("Delta DE"))
        let orphan = try fixture.tutorial("de-de/articles/nur-hier.md", page("Nur hier"))
        let french = try fixture.tutorial("fr-fr/articles/alpha.md", page("Alpha FR"))
        var report = DriftReport(rows: sources.map { row($0) })
        report.rows += [
            row(drifted, source: sources[0], rules: [("code-drift", .drifted), ("sentence-stale", .stale), ("sentence-stale", .stale)]),
            row(stale, source: sources[1], rules: [("sentence-stale", .stale), ("include-fallback", .fallback)]),
            row(fallback, source: sources[2], rules: [("include-fallback", .fallback), ("image-missing", nil)]),
            row(renamed, source: sources[3], rules: [("image-missing", nil)]),
            row(orphan, rules: [("source-missing", nil)]),
            row(french, source: sources[0]),
        ]
        let files = try fixture.render(sources + [drifted, stale, fallback, renamed, orphan, french], report: report)
        let german = try #require(files["de-de/status.html"])
        func group(_ state: String) -> String {
            guard let start = german.range(of: "<section id=\"status-\(state)\"") else { return "" }
            return String(german[start.lowerBound...].prefix { $0 != "§" }.components(separatedBy: "</section>")[0])
        }
        #expect(group("drifted").contains("Alpha DE") && group("drifted").contains("code-drift ×1, sentence-stale ×2"))
        #expect(group("stale").contains("Beta DE") && !group("stale").contains("Gamma DE"))
        #expect(group("fallback").contains("Gamma DE"))
        #expect(group("current").contains("Delta DE") && group("current").contains("<details>"), "up to date (a finding without effect), folded")
        #expect(group("unpaired").contains("Nur hier"))
        #expect(group("missing").contains("Source omega") && !group("missing").contains("Source delta"), "\(group("missing"))")
        #expect(group("drifted").contains("href=\"../de-de/drift-report.html#drift-de-de-current-articles--alpha\""))
        #expect(german.contains("<html lang=\"de-de\">"))
        // The overview counts each locale and links each count to its list.
        let overview = try #require(files["status.html"])
        #expect(overview.contains("<a href=\"de-de/status.html#status-drifted\">1</a>"))
        #expect(overview.contains("<a href=\"fr-fr/status.html#status-missing\">4</a>"), "French translates one of five")
        #expect(overview.contains("<a href=\"fr-fr/status.html#status-current\">1</a>"))
        #expect(files["en-us/status.html"] == nil, "the source locale has no status of its own")
        // The landing page's languages lead to their status.
        let index = try #require(files["index.html"])
        #expect(index.contains("<a href=\"de-de/status.html\" lang=\"de-de\" hreflang=\"de-de\">"))
        #expect(index.contains("<a href=\"status.html\" lang=\"en-us\" hreflang=\"en-us\">"))
    }

    @Test("each page's findings link leads to the part of a split drift report that shows them")
    func reportLinks() throws {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "en-us", driftReportPageSize: 3_000)
        let paths = ["articles/a/one.md", "articles/a/two.md", "articles/b/three.md", "articles/b/deep/four.md", "top.md"]
        let sources = try paths.map { try fixture.tutorial("en-us/\($0)", page("Source \($0)")) }
        let translations = try paths.map { try fixture.tutorial("de-de/\($0)", page("Seite \($0)")) }
        var report = DriftReport(rows: sources.map { row($0) })
        report.rows += zip(translations, sources).map { row($0, source: $1, rules: Array(repeating: ("code-drift", .drifted), count: 6)) }
        let files = try fixture.render(sources + translations, report: report)
        let german = try #require(files["de-de/status.html"])
        let links = german.matches(of: /class="status-report" href="\.\.\/([^"#]+)#([^"]+)"/).map { (String($0.output.1), String($0.output.2)) }
        #expect(links.count == paths.count)
        #expect(Set(links.map(\.0)).count > 2, "the findings are on several parts: \(links.map(\.0))")
        for (page, anchor) in links {
            #expect(page.hasPrefix("de-de/drift/"), "\(page)")
            #expect(try #require(files[page], "\(page)").contains("<section id=\"\(anchor)\""), "\(page)#\(anchor)")
        }
    }
}
