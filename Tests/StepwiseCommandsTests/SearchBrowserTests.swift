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
          }, 1000);
        });</script>
        """
    }

    /// The console of the French page after typing `query`.
    private func search(_ query: String, in project: SiteProject, page: String = french) throws -> [String] {
        let harness = try HeadlessChromium.harness(for: project.site.appendingPathComponent(page), name: "search-harness.html", tail: Self.typing(query))
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
}
