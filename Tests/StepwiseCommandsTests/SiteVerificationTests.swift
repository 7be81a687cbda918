import Foundation
import StepwiseTestSupport
import Testing

/// The site's badges come from the drift checks, not from the model alone.
@Suite struct SiteVerificationTests {
    let project: SiteProject

    init() throws {
        project = try SiteProject()
        #expect(project.build().status == 0)
    }

    func page(_ locale: String) throws -> String {
        try String(contentsOf: project.site.appendingPathComponent("\(locale)/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"), encoding: .utf8)
    }

    @Test("the unrecoverable Swedish sample is shown restored from the English source, not machine-translated")
    func restoredSwedishSample() throws {
        let swedish = try page("sv-se")
        // The note is in the page's language, from templates/strings/sv-se.yml.
        #expect(swedish.contains("<span class=\"badge-note\" lang=\"sv-se\">Återställd från källan (en-us), rad 687: i denna översättning hade maskinöversättning ändrat koden</span>"))
        #expect(!swedish.contains("avsändaren"), "the machine-translated code (`(id) avsändaren`) is not shown")
    }

    @Test("badge notes and dates are in each page's language; the English source keeps English notes")
    func localizedNotesAndDates() throws {
        let german = try page("de-de"), french = try page("fr-fr"), english = try page("en-us")
        #expect(german.contains("<time datetime=\"2015-12-16\">16. Dezember 2015</time>"))
        #expect(french.contains("<time datetime=\"2016-10-03\">3 octobre 2016</time>"))
        #expect(english.contains("<time datetime=\"2015-12-16\">December 16, 2015</time>"))
        #expect(german.contains("<span class=\"badge-note\" lang=\"de-de\">Noch nicht übersetzt: aus der Include-Datei (en-us) angezeigt</span>"))
        #expect(french.contains("lang=\"fr-fr\">Même code que la source en-us, ligne "))
        #expect(english.contains("<span class=\"badge-note\" lang=\"en-us\">This is the source</span>"))
        for page in [german, french] {
            #expect(!page.contains("lang=\"en\">"), "no note left in the checks' English")
        }
    }

    @Test("the status pages: each bundled translation is drifted (its code-drift findings), with its source and findings")
    func statusPages() throws {
        for locale in ["de-de", "fr-fr", "sv-se"] {
            let status = try String(contentsOf: project.site.appendingPathComponent("\(locale)/status.html"), encoding: .utf8)
            let drifted = try #require(status.range(of: "<section id=\"status-drifted\""), "\(locale)")
            let list = status[drifted.lowerBound...].components(separatedBy: "</section>")[0]
            #expect(list.contains("code-drift ×") && list.contains("notification-hubs-aspnet-backend-ios-notify-users.md"), "\(locale)")
            #expect(list.contains("href=\"../en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html\""), "\(locale): its source")
            #expect(!status.contains("id=\"status-current\"") && !status.contains("id=\"status-missing\""), "\(locale)")
        }
    }

    @Test("the German escape drift carries a drift badge with its token diff")
    func germanDrift() throws {
        let german = try page("de-de")
        #expect(german.components(separatedBy: "badge badge-drift").count - 1 == 1, "the untranslated include's samples are fallback, not drift")
        #expect(german.contains(#"<span class="diff-removed">− 772: @&quot;\&quot;%@\&quot;&quot;</span>"#))
        #expect(german.contains(#"<span class="diff-added">+ 402: @&quot;&quot;%@&quot;&quot;</span>"#))
    }
}
