@testable import Site
import TutorialModel
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

    @Test("a missing include is said in the page's language, with its label")
    func missingIncludeLocalized() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorialWithProblems("fr-fr/articles/page.md", "# Page\n\n[!INCLUDE [absent](../includes/absent.md)]\n\nTexte.\n")
        let page = try #require(try fixture.render([tutorial])["fr-fr/articles/page.html"])
        #expect(page.contains("« absent » (../includes/absent.md) n’est pas affiché : le fichier est introuvable."), "\(page)")
        #expect(page.contains(">Manquant<"))
        #expect(!page.contains("is not shown") && !page.contains(">Missing<"))
    }

    @Test("a code reference not shown is said in the strings' language, by its problem's id; an unknown id has the generic reason")
    func missingCodeLocalized() throws {
        let strings = ["placeholderNamedCode": "Le code « {name} » ({path}) n’est pas affiché : {reason}.", "placeholderCode": "Le code ({path}) n’est pas affiché : {reason}.",
                       "reasonCodeRefRegion": "la région est introuvable", "reasonUnreadable": "le fichier ne peut pas être lu"]
        let named = Placeholder(kind: .code, name: "principal", path: "a.cs", rule: "code-ref-region")
        #expect(TutorialPageBuilder.placeholderText(named, strings) == "Le code « principal » (a.cs) n’est pas affiché : la région est introuvable.")
        let unnamed = Placeholder(kind: .code, name: "", path: "a.cs", rule: "code-ref-odd")
        #expect(TutorialPageBuilder.placeholderText(unnamed, strings) == "Le code (a.cs) n’est pas affiché : le fichier ne peut pas être lu.")
        #expect(TutorialPageBuilder.placeholderText(unnamed, [:]) == nil, "no sentence: the model's own text is shown")
    }

    @Test("the drift report's unreadable documents are described in the report's language, by their problem's id")
    func unreadableLocalized() throws {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "fr-fr")
        let tutorial = try fixture.tutorial("fr-fr/articles/page.md", "# Page\n\nTexte.\n")
        let report = DriftReport(unreadable: [
            .init(severity: "error", message: "invalid UTF-8 byte sequence", location: "content/fr-fr/bad.md:1:3", rule: "file-invalid-utf8"),
            .init(severity: "error", message: "something else", location: "content/fr-fr/odd.md:1:1", rule: "file-odd"),
        ])
        let overview = try #require(try fixture.render([tutorial], report: report)["drift-report.html"])
        #expect(overview.contains("Le fichier n’est pas en UTF-8 valide. [file-invalid-utf8]"), "\(overview)")
        #expect(overview.contains("Le document ne peut pas être lu. [file-odd]"))
        #expect(!overview.contains("invalid UTF-8 byte sequence") && !overview.contains("something else"))
    }
}
