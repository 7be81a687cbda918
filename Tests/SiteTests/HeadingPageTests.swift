import Site
import Testing
import TutorialModel

/// Every heading level is a section: H3–H6 keep their text, anchor and code.
@Suite struct HeadingPageTests {
    static let markdown = """
        # Headings

        ## Create the app

        1. Open **Program.cs**.

        ### Run it

        Run this:

            dotnet run

        #### Output

        ## Clean up

        1. Delete the group.
        """

    @Test("H3 and H4 are sections: the step before them ends, their code is theirs; the page keeps an outline without gaps")
    func levels() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/headings.md", Self.markdown)
        #expect(tutorial.sections.map(\.level) == [1, 2, 3, 4, 2])
        #expect(tutorial.sections.map(\.title) == ["Headings", "Create the app", "Run it", "Output", "Clean up"])
        #expect(tutorial.sections[1].steps.first?.code == [], "code under the H3 is not the previous step's")
        #expect(tutorial.sections[2].code.map(\.text) == ["dotnet run"])
        #expect(tutorial.sections[4].steps.map(\.text) == ["Delete the group."])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/headings.html"])
        #expect(html.contains("<h3>Run it</h3>") && html.contains("<h4>Output</h4>") && html.contains("<h2>Clean up</h2>"))
        #expect(html.contains("id=\"run-it\""), "an H3 has its own anchor")
        let toc = try #require(html.firstMatch(of: /<nav class="toc"[\s\S]*?<\/nav>/)).output
        #expect(toc.contains("Create the app") && toc.contains("Clean up") && !toc.contains("Run it"), "the contents list the top level")
    }

    @Test("a level skipped in the source is rendered one below the heading before it")
    func skippedLevel() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/skip.md", "# T\n\n## A\n\nText.\n\n#### Deep\n\nMore.\n")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/skip.html"])
        #expect(html.contains("<h3>Deep</h3>"))
    }

    @Test("DocFX tabs keep their labels in order, below the heading they sit under; a second H1 is a heading")
    func tabs() throws {
        let markdown = """
            # Quickstart

            ## Install

            # [C#](#tab/csharp)

                dotnet add package X

            # [Python](#tab/python)

                pip install x

            ---

            # Appendix

            More.
            """
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/tabs.md", markdown)
        #expect(tutorial.sections.map(\.tab) == [nil, nil, "csharp", "python", nil])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/tabs.html"])
        #expect(html.contains("<h3 class=\"tab-label\">C#</h3>") && html.contains("<h3 class=\"tab-label\">Python</h3>"), "\(html)")
        #expect(html.range(of: "C#</h3>")!.lowerBound < html.range(of: "dotnet add package")!.lowerBound)
        #expect(html.range(of: "dotnet add package")!.lowerBound < html.range(of: "Python</h3>")!.lowerBound)
        #expect(html.contains("<h2>Appendix</h2>"))
        let toc = try #require(html.firstMatch(of: /<nav class="toc"[\s\S]*?<\/nav>/)).output
        #expect(toc.contains("Install") && toc.contains("Appendix") && !toc.contains("Python"))
        #expect(html.components(separatedBy: "<h1").count == 2)
    }
}
