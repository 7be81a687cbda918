import Foundation
import StepwiseTestSupport
import Testing

/// The search box as a reader uses it: a built page opened from `file://` in headless Chromium, a
/// query typed into the box, the results list read back.
@Suite(.serialized, .enabled(if: HeadlessChromium.available)) struct SearchBrowserTests {
    static let french = "fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"

    /// Once the page has loaded, types `query` into the search box and, after the index has loaded,
    /// logs whether the box shows, the status line and each result (`href` and text).
    static func typing(_ query: String) -> String {
        """
        <script data-harness>addEventListener("load", function () {
          var input = document.getElementById("site-search-input");
          input.focus();
          input.value = \(String(decoding: try! JSONEncoder().encode(query), as: UTF8.self));
          input.dispatchEvent(new Event("input"));
          setTimeout(function () {
            console.log("search-box " + (document.querySelector(".site-search").hidden ? "hidden" : "shown"));
            var status = document.querySelector("#site-search-results .search-status");
            console.log("search-status " + (status ? status.textContent : "none"));
            document.querySelectorAll("#site-search-results li a").forEach(function (link) {
              console.log("search-result " + link.getAttribute("href") + " " + link.firstChild.textContent);
            });
            document.querySelectorAll("script[src*='search']").forEach(function (script) {
              console.log("search-script " + script.getAttribute("src"));
            });
          }, 1000);
        });</script>
        """
    }

    /// The console of the French page after typing `query`.
    private func search(_ query: String, in project: SiteProject, page: String = french) throws -> [String] {
        try search(query, at: project.site.appendingPathComponent(page))
    }

    private func search(_ query: String, at page: URL) throws -> [String] {
        let harness = try HeadlessChromium.harness(for: page, name: "search-harness.html", tail: Self.typing(query))
        let visit = try HeadlessChromium.visit(harness, budget: 3_000)
        #expect(visit.uncaught == [], "\(visit.uncaught)")
        return visit.console
    }

    @Test("from file://, “creer” typed without accents finds the French sections that say “Créer”, linked to page#section")
    func accentFreeFrenchQuery() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let console = try search("creer", in: project)
        #expect(console.contains("search-box shown"), "\(console)")
        let results = console.filter { $0.hasPrefix("search-result ") }
        let first = try #require(results.first, "\(console)")
        #expect(first == "search-result ../../../fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html#create-the-webapi-project Créer hello WebAPI projet",
                "the section whose heading says it first, with the id the page gives it (its English source section's)")
        #expect(console.contains("search-status \(results.count) résultats"), "\(console)")
        // Every result leads to an element of the page it names.
        let folder = project.site.appendingPathComponent("fr-fr/articles/notification-hubs")
        for result in results {
            let href = String(result.dropFirst("search-result ".count).prefix { $0 != " " })
            let parts = href.split(separator: "#")
            let target = try String(contentsOf: folder.appendingPathComponent(String(parts[0])), encoding: .utf8)
            #expect(target.contains("id=\"\(parts[1])\""), "\(href)")
        }
        // The accented spelling and a prefix of it find the same first section.
        #expect(try search("Créer", in: project).first { $0.hasPrefix("search-result ") } == first)
        #expect(try search("cré", in: project).contains(first), "the last word as a prefix")
    }

    @Test("several words narrow the results; a word of no page says so")
    func narrowingAndNothing() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        let broad = try search("notification", in: project).filter { $0.hasPrefix("search-result ") }
        let narrow = try search("notification créer projet", in: project).filter { $0.hasPrefix("search-result ") }
        #expect(!narrow.isEmpty && narrow.count < broad.count, "\(narrow.count) of \(broad.count)")
        let nothing = try search("zzqxv", in: project)
        #expect(nothing.contains("search-status Aucun résultat."), "\(nothing)")
        #expect(!nothing.contains { $0.hasPrefix("search-result ") })
        // The Swedish page searches the Swedish index, folded the same way.
        let swedish = try search("oversikt", in: project, page: "sv-se/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
        #expect(swedish.contains { $0.hasPrefix("search-result ../../../sv-se/") }, "\(swedish)")
    }

    @Test("on a large locale, a query loads the manifest, the part of terms its word is in and the parts of pages it shows, nothing else")
    func partsOnDemand() throws {
        let project = try LargeLocaleProject()
        let build = runStepwise(["build", "--root", project.folder.url.path])
        #expect(build.status == 0, "\(build.error.prefix(2_000))")
        let site = project.folder.url.appendingPathComponent("generated/site")
        let parts = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("fr-fr/search").path)
        #expect(parts.filter { $0.hasPrefix("t-") }.count >= 3 && parts.filter { $0.hasPrefix("p-") }.count >= 3, "\(parts)")
        let console = try search("quetzalcoatl", at: site.appendingPathComponent("fr-fr/articles/lot/page-0.html"))
        #expect(console.filter { $0.hasPrefix("search-result ") } == [
            "search-result ../../../fr-fr/articles/lot/page-123.html#section-2 Section 2",
        ], "the prefix of the one word only page 123 has: \(console)")
        let loaded = console.filter { $0.hasPrefix("search-script ../../../fr-fr/") }.map { $0.dropFirst("search-script ../../../fr-fr/".count) }
        #expect(loaded.first == "search-index.js", "the manifest first: \(loaded)")
        #expect(loaded.filter { $0.hasPrefix("search/t-") }.count == 1 && loaded.filter { $0.hasPrefix("search/p-") }.count == 1, "\(loaded) of \(parts.count) parts")
        #expect(loaded.allSatisfy { parts.contains(String($0.dropFirst("search/".count))) || $0 == "search-index.js" })
        // Two words: the part of each, then the parts of the pages shown; still a few of the parts.
        let two = try search("Section quetzalcoatlesque", at: site.appendingPathComponent("fr-fr/articles/lot/page-0.html"))
        #expect(two.contains("search-result ../../../fr-fr/articles/lot/page-123.html#section-2 Section 2"), "\(two)")
        #expect(two.filter { $0.hasPrefix("search-script ../../../fr-fr/search/") }.count <= 4, "\(two)")
    }
}

/// A French locale of 200 generated pages, three sections each of 50 words drawn from 12,000: an index
/// of several parts. Page 123's third section alone has the word "quetzalcoatlesque".
struct LargeLocaleProject {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("templates"))
        try folder.write("stepwise.yml", "defaultLocale: fr-fr\nsiteURL: https://docs.example.org/\n")
        var state: UInt64 = 11
        var words: [String] = []
        for _ in 0..<12_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 5 + Int((state >> 61) % 5)
            var word = ""
            for position in 0..<length {
                let letter = UInt8(97 + (state >> UInt64(8 + position * 5)) % 26)
                word.unicodeScalars.append(Unicode.Scalar(letter))
            }
            words.append(word)
        }
        for page in 0..<200 {
            var markdown = "---\ntitle: Page \(page)\n---\n# Page \(page)\n\nIntroduction de la page \(page).\n"
            for section in 0..<3 {
                var text: [String] = []
                for offset in 0..<50 { text.append(words[(page * 150 + section * 50 + offset * 7) % words.count]) }
                if page == 123 && section == 2 { text.append("quetzalcoatlesque") }
                markdown += "\n## Section \(section)\n\n" + text.joined(separator: " ") + ".\n"
            }
            try folder.write("content/fr-fr/articles/lot/page-\(page).md", markdown)
        }
    }
}
