import Site
import Testing

/// A page is named by its document's path, never by its file name alone.
@Suite struct PageIdentityTests {
    private func page(_ title: String, links: String = "") -> String {
        "---\ntitle: \(title)\n---\n# \(title)\n\nRead \(links).\n"
    }

    @Test("documents sharing a file name get their own pages; links resolve by path, with a query or ~/")
    func sameName() throws {
        let fixture = try SiteFixture()
        let tutorials = [
            try fixture.tutorial("en-us/articles/storage/quickstart.md", page("Storage quickstart", links: "[sibling](overview.md?tabs=cli#setup) and [other](../functions/quickstart.md)")),
            try fixture.tutorial("en-us/articles/functions/quickstart.md", page("Functions quickstart", links: "[back](~/articles/storage/quickstart.md) and [ambiguous](quickstart-missing/quickstart.md)")),
            try fixture.tutorial("en-us/articles/storage/overview.md", page("Overview", links: "[by name](../../includes/x/quickstart.md) and [unique by name](elsewhere/overview.md)")),
        ]
        let files = try fixture.render(tutorials)
        let storage = try #require(files["en-us/articles/storage/quickstart.html"])
        let functions = try #require(files["en-us/articles/functions/quickstart.html"])
        let overview = try #require(files["en-us/articles/storage/overview.html"])
        #expect(storage.contains("<h1>Storage quickstart</h1>") && functions.contains("<h1>Functions quickstart</h1>"))
        #expect(storage.contains("<a href=\"../../../en-us/articles/storage/overview.html#setup\">sibling</a>"), "a ?query is dropped, the fragment kept")
        #expect(storage.contains("<a href=\"../../../en-us/articles/functions/quickstart.html\">other</a>"))
        #expect(functions.contains("<a href=\"../../../en-us/articles/storage/quickstart.html\">back</a>"))
        // Two tutorials are named quickstart: a link that matches neither path is not guessed.
        #expect(!functions.contains("quickstart.html\">ambiguous</a>"))
        #expect(!overview.contains("quickstart.html\">by name</a>"))
        #expect(overview.contains("<a href=\"../../../en-us/articles/storage/overview.html\">unique by name</a>"))
        #expect(files.keys.filter { $0.hasSuffix("quickstart.html") }.count == 2)
    }

    @Test("a file name with a space is written as it is and linked percent-encoded")
    func spaces() throws {
        let fixture = try SiteFixture()
        let tutorials = [
            try fixture.tutorial("en-us/articles/a b.md", page("Spaced")),
            try fixture.tutorial("en-us/articles/c.md", page("Linking", links: "[spaced](a%20b.md)")),
        ]
        let files = try fixture.render(tutorials)
        #expect(files["en-us/articles/a b.html"] != nil)
        #expect(files["en-us/articles/c.html"]?.contains("<a href=\"../../en-us/articles/a%20b.html\">spaced</a>") == true)
        #expect(files["index.html"]?.contains("href=\"en-us/articles/a%20b.html\"") == true)
    }
}
