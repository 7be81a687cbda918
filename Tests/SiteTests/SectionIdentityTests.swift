import Site
import Testing
import TutorialModel

/// A translated or archived section takes its source section's id, so one `#fragment` names the same
/// place in every language and edition; the id its own heading gives stays on the page as an anchor.
@Suite struct SectionIdentityTests {
    let english = """
        # Notify users

        ## Overview

        Text.

        ## Test the application

        1. Run the app.
        """
    let german = """
        # Benutzer benachrichtigen

        ## Übersicht

        Text, siehe [unten](#testen-der-anwendung).

        ## Neu in dieser Übersetzung

        Nur hier.

        ## Testen der Anwendung

        1. Führen Sie die App aus.
        """

    @Test("aligned sections take the source's ids; their own ids stay as anchors; others keep theirs")
    func anchors() throws {
        let fixture = try SiteFixture()
        let de = try fixture.tutorial("de-de/articles/notify.md", german)
        let plain = PageAnchors(de)
        #expect(plain.sectionIDs == ["benutzer-benachrichtigen", "ubersicht", "neu-in-dieser-ubersetzung", "testen-der-anwendung"])
        let anchors = PageAnchors(de, stable: [0: "notify-users", 1: "overview", 3: "test-the-application"])
        #expect(anchors.sectionIDs == ["notify-users", "overview", "neu-in-dieser-ubersetzung", "test-the-application"])
        #expect(anchors.extraIDs == [["benutzer-benachrichtigen"], ["ubersicht"], [], ["testen-der-anwendung"]])
        // Every id a link written in the translation names still lands, and the steps follow their section.
        #expect(plain.ids.isSubset(of: anchors.ids.union(plain.ids.filter { $0.contains("-step-") })))
        #expect(anchors.ids.contains("test-the-application-step-1"))
        // A source id that another section already has on this page is made unique, never shared.
        let clash = PageAnchors(de, stable: [1: "neu-in-dieser-ubersetzung"])
        #expect(Set(clash.sectionIDs).count == 4)
        #expect(clash.sectionIDs[1] == "neu-in-dieser-ubersetzung")
    }

    @Test("the pages: same section id in both languages, absolute alternates, canonical and edition switcher")
    func pages() throws {
        let fixture = try SiteFixture()
        let en = try fixture.tutorial("en-us/articles/notify.md", english)
        let old = try fixture.tutorial("en-us/editions/2014/articles/notify.md", english)
        let de = try fixture.tutorial("de-de/articles/notify.md", german)
        let origins: [String: [Int: (document: String, section: Int)]] = [
            de.source: [0: (en.source, 0), 1: (en.source, 1), 3: (en.source, 2)],
        ]
        let stable = PageAnchors.stableIDs(origins, tutorials: [en.source: en, de.source: de])
        #expect(stable == [de.source: [0: "notify-users", 1: "overview", 3: "test-the-application"]])
        let files = try fixture.render([en, old, de], stableSectionIDs: stable)
        let dePage = try #require(files["de-de/articles/notify.html"])
        let enPage = try #require(files["en-us/articles/notify.html"])
        let oldPage = try #require(files["en-us/editions/2014/articles/notify.html"])
        for id in ["overview", "test-the-application"] {
            #expect(dePage.contains("<section id=\"\(id)\""), "de-de: \(id)")
            #expect(enPage.contains("<section id=\"\(id)\""), "en-us: \(id)")
            #expect(dePage.contains("<li><a href=\"#\(id)\">"), "the contents link the stable id")
        }
        #expect(dePage.contains("<a id=\"ubersicht\"></a>") && dePage.contains("<a id=\"testen-der-anwendung\"></a>"))
        #expect(dePage.contains("<section id=\"neu-in-dieser-ubersetzung\""))
        #expect(dePage.contains("href=\"#testen-der-anwendung\""), "the link written in the translation is kept")
        // Search engines need absolute alternates; the switcher carries the place (data-keep-place).
        #expect(dePage.contains("<link rel=\"alternate\" hreflang=\"en-us\" href=\"https://stepwise.example.org/en-us/articles/notify.html\">"))
        #expect(dePage.contains("<link rel=\"canonical\" href=\"https://stepwise.example.org/de-de/articles/notify.html\">"))
        #expect(dePage.contains("lang=\"en-us\" data-keep-place>"))
        // The archive points search engines at the current page; both show the version switcher.
        #expect(oldPage.contains("<link rel=\"canonical\" href=\"https://stepwise.example.org/en-us/articles/notify.html\">"))
        #expect(oldPage.contains("class=\"edition-switcher\""))
        #expect(enPage.contains("<a href=\"../../en-us/editions/2014/articles/notify.html\" rel=\"archives\" data-keep-place>2014</a>"))
        #expect(!dePage.contains("edition-switcher"), "one edition: no switcher")
    }
}
