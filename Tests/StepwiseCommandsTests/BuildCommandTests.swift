import Foundation
import StepwiseTestSupport
import Testing

@Suite(.serialized) struct BuildCommandTests {
    static let tidy = "/usr/bin/tidy"
    static let chromium = "/usr/bin/chromium"

    @Test("build runs named stages and prints a summary with counts")
    func summary() throws {
        let project = try SiteProject()
        let result = project.build()
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("[2/2] site\n"))
        #expect(result.output.contains("16 pages, 4 locales; samples:"))
        // The bundled content's media were never copied into content/: its images are real warnings.
        #expect(!result.error.split(separator: "\n").contains { $0.contains("warning") && !$0.hasSuffix("[image-missing]") }, "\(result.error)")
        #expect(result.output.contains("  1/17 "), "plain progress lines without a terminal")
        #expect(!FileManager.default.fileExists(atPath: project.folder.url.appendingPathComponent("generated/tmp-site").path))
    }

    @Test("two builds in a row are byte-identical, and the committed generated/site is up to date")
    func deterministicAndFresh() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let first = try SiteProject.files(in: project.site)
        #expect(project.build().status == 0)
        #expect(try SiteProject.files(in: project.site) == first)
        let committed = try SiteProject.files(in: RepositoryFiles.root.appendingPathComponent("generated/site"))
        #expect(committed == first, "generated/site is stale: run `swift run stepwise build` and commit it")
    }

    @Test("no broken internal link, anchor or asset")
    func links() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let files = try SiteProject.files(in: project.site).mapValues { String(decoding: $0, as: UTF8.self) }
        #expect(LinkCrawler(files: files).brokenLinks() == [])
        #expect(files.keys.filter { $0.hasSuffix(".html") }.count == 16, "5 tutorial pages, the index, the 404 page, 4 translation-status pages, the drift report's overview and 4 locales' pages")
    }

    @Test("every page: html lang, one h1, headings in order, main landmark, skip link, self-contained, no blocking script")
    func structure() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let files = try SiteProject.files(in: project.site).mapValues { String(decoding: $0, as: UTF8.self) }
        for (page, html) in files where page.hasSuffix(".html") {
            #expect(html.firstMatch(of: /<html lang="[a-z]{2}-[a-z]{2}">/) != nil, "\(page)")
            #expect(html.components(separatedBy: "<h1").count == 2, "\(page): one h1")
            let levels = html.matches(of: /<h([1-6])/).compactMap { Int($0.output.1) }
            #expect(zip(levels, levels.dropFirst()).allSatisfy { $1 <= $0 + 1 }, "\(page): heading levels \(levels)")
            #expect(html.contains("<main id=\"main\"") && html.contains("<a class=\"skip-link\" href=\"#main\">"), "\(page)")
            // Alternates and the canonical page are absolute URLs (search engines require it), not resources.
            #expect(html.firstMatch(of: /<(link(?![^>]*\brel="(alternate|canonical)")|script|img)[^>]*(href|src)="(https?:)?\/\//) == nil, "\(page): external resource")
            #expect(html.firstMatch(of: /<script(?![^>]*\bdefer\b)[^>]*>/) == nil, "\(page): render-blocking script")
        }
        // One small stylesheet for every page (sidebar, tables, figures, samples, print): a budget,
        // not a target.
        #expect(try #require(files["assets/site.css"]).utf8.count < 21_000)
    }

    @Test("tidy finds zero errors and no warning on every page (but aria-current, which tidy 5.6 does not know)", .enabled(if: FileManager.default.isExecutableFile(atPath: tidy)))
    func validator() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        for page in try SiteProject.files(in: project.site).keys.sorted() where page.hasSuffix(".html") {
            let result = try SiteProject.run(Self.tidy, ["-errors", "-quiet", project.site.appendingPathComponent(page).path])
            let warnings = result.output.split(separator: "\n").filter { !$0.contains("proprietary attribute \"aria-current\"") }
            #expect(result.status < 2 && warnings.isEmpty, "\(page): \(warnings)")
        }
    }

    @Test("Chromium renders one page per locale: not blank, code in pre, language switcher", .enabled(if: FileManager.default.isExecutableFile(atPath: chromium)))
    func browser() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        for locale in ["en-us", "de-de", "fr-fr", "sv-se"] {
            let page = project.site.appendingPathComponent("\(locale)/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
            let shot = project.folder.url.appendingPathComponent("\(locale).png")
            let flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,2000"]
            _ = try SiteProject.run(Self.chromium, flags + ["--screenshot=\(shot.path)", page.absoluteString])
            let png = try Data(contentsOf: shot)
            #expect(png.count > 30_000, "\(locale): screenshot looks blank (\(png.count) bytes)")
            let dom = try SiteProject.run(Self.chromium, flags + ["--dump-dom", page.absoluteString]).output
            let samples = dom.components(separatedBy: "class=\"sample\"").count - 1
            #expect(samples > 10)
            #expect(dom.components(separatedBy: "<pre tabindex=\"0\"><code class=\"language-").count - 1 == samples)
            #expect(dom.contains("class=\"language-switcher\""))
            #expect(dom.contains("<html lang=\"\(locale)\""))
        }
    }
}
