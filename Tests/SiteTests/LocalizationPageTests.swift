import Site
import Testing

@Suite struct LocalizationPageTests {
    let german = sampleTutorial.replacingOccurrences(of: "Build the app", with: "Die App bauen")

    @Test("current pages link every locale with hreflang alternates and x-default; the sitemap lists them")
    func alternates() throws {
        let fixture = try SiteFixture()
        let files = try fixture.render([
            try fixture.tutorial("en-us/articles/hello.md", sampleTutorial),
            try fixture.tutorial("de-de/articles/hello.md", german),
        ])
        let page = try #require(files["de-de/articles/hello.html"])
        #expect(page.contains("<html lang=\"de-de\">"))
        // Absolute, as search engines require.
        #expect(page.contains("<link rel=\"alternate\" hreflang=\"en-us\" href=\"https://stepwise.example.org/en-us/articles/hello.html\">"))
        #expect(page.contains("<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://stepwise.example.org/en-us/articles/hello.html\">"))
        #expect(page.contains("aria-current=\"page\">Deutsch</a>"))
        #expect(page.contains("Kopieren"))
        let sitemap = try #require(files["sitemap.xml"])
        #expect(sitemap.contains("<loc>https://stepwise.example.org/de-de/articles/hello.html</loc>"))
        #expect(sitemap.contains("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"https://stepwise.example.org/en-us/articles/hello.html\"/>"))
    }

    @Test("an older edition is an archived page with a banner linking to the current one")
    func archived() throws {
        let fixture = try SiteFixture()
        let files = try fixture.render([
            try fixture.tutorial("en-us/articles/hello.md", sampleTutorial),
            try fixture.tutorial("en-us/editions/2014/articles/hello.md", sampleTutorial),
        ])
        let page = try #require(files["en-us/editions/2014/articles/hello.html"])
        #expect(page.contains("This is an archived edition (2014) of this tutorial. <a href=\"../../../../en-us/articles/hello.html\">Read the current version</a>"))
        #expect(files["index.html"]?.contains("href=\"en-us/editions/2014/articles/hello.html\"") == true)
    }

    @Test("content from the default locale's include is marked en-us with a not-yet-translated note")
    func fallback() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/shared.md", "## Shared part\n\n1. Add this to **Shared.cs**:\n\n        var x = 1;\n")
        let tutorial = try fixture.tutorial("de-de/articles/hello.md", german + "\n\n[!INCLUDE [shared](../includes/shared.md)]\n")
        let key = SampleKey(source: tutorial.source, sample: tutorial.allCode[1].id)
        let page = try #require(try fixture.render([tutorial], verifications: [key: SampleVerification(status: .fallback)])["de-de/articles/hello.html"])
        #expect(page.contains("<section id=\"shared-part\" class=\"section section-fallback\" lang=\"en-us\">"))
        #expect(page.contains("<p class=\"fallback-note\" lang=\"de-de\">Dieser Abschnitt ist noch nicht übersetzt"))
        #expect(page.contains("badge-fallback"))
    }

    @Test("a locale without interface strings falls back to en-us with a warning")
    func missingStrings() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("ja-jp/articles/hello.md", sampleTutorial)
        let templates = StepwiseTestSupportRoot.templates
        let (files, summary) = try SiteBuilder(templates: templates, configuration: SiteConfiguration(defaultLocale: "en-us"))
            .render(SiteInput(tutorials: [tutorial], verifications: [SampleKey: SampleVerification]()))
        #expect(summary.warnings == ["interface strings: no templates/strings/ja-jp.yml; using en-us"])
        #expect(String(decoding: try #require(files["ja-jp/articles/hello.html"]), as: UTF8.self).contains("Skip to content"))
    }

    @Test("section prose and bullet items are shown; code lost into prose is not repeated as text")
    func prose() throws {
        let fixture = try SiteFixture()
        let markdown = sampleTutorial + "\n\nThe app is *ready*:\n\n* **Run** it\n* Test it\n"
        let page = try #require(try fixture.render([try fixture.tutorial("en-us/articles/hello.md", markdown)])["en-us/articles/hello.html"])
        #expect(page.contains("<p>The app is <em>ready</em>:</p>"))
        #expect(page.contains("<ul class=\"prose-list\"><li><strong>Run</strong> it</li><li>Test it</li></ul>"))
        #expect(page.firstMatch(of: /<p[^>]*>[^<]*@implementation/) == nil)
        #expect(page.components(separatedBy: "<span class=\"t-keyword\">@implementation</span>").count == 2)
    }
}

/// Badge notes as interface strings: placeholders, phrases that are strings themselves, and the
/// checks' English when a locale's strings do not have the note.
@Suite struct NoteMessageTests {
    @Test("a note is filled from its values and phrases, each phrase with its own values")
    func filled() {
        let strings = [
            "noteReferenceDriftSource": "Zeigt {shown}; in der Quelle ({locale}): {other}",
            "codeFromFile": "Code aus {file}", "inlineSample": "ein eingebettetes Beispiel",
        ]
        let message = NoteMessage(
            "noteReferenceDriftSource", values: ["locale": "en-us", "shown.file": "a.cs", "other.file": "b.cs"],
            phrases: ["shown": "codeFromFile", "other": "codeFromFile"])
        #expect(message.text(in: strings) == "Zeigt Code aus a.cs; in der Quelle (en-us): Code aus b.cs")
        let inline = NoteMessage("noteReferenceDriftSource", values: ["locale": "en-us", "shown.file": "a.cs"], phrases: ["shown": "codeFromFile", "other": "inlineSample"])
        #expect(inline.text(in: strings) == "Zeigt Code aus a.cs; in der Quelle (en-us): ein eingebettetes Beispiel")
        #expect(NoteMessage("noteMissingEverywhere").text(in: strings) == nil)
        #expect(NoteMessage("codeFromFile", phrases: ["x": "unknownPhrase"]).text(in: strings) == nil, "a missing phrase is no half-filled note")
    }

    @Test("every locale's strings have every key the English strings have")
    func complete() throws {
        let strings = try InterfaceStrings.load(from: StepwiseTestSupportRoot.templates.appendingPathComponent("strings"), fallbackLocale: "en-us")
        for locale in ["de-de", "fr-fr", "sv-se", "es-es"] {
            #expect(strings.table(for: locale).warnings == [], "\(locale)")
        }
    }
}
