import Site
import Testing
import TutorialModel

/// The page shows a document's blocks in the order the document has them, includes where their
/// directive stands.
@Suite struct ReadingOrderTests {
    static let markdown = """
        # Order

        ## Run

        First paragraph.

        > [!NOTE]
        > A note after the first paragraph.

            dotnet run

        Output paragraph after the code.

        [!INCLUDE [part](../includes/part.md)]

        Last paragraph.

        1. Open the file.

            Explain before the code.

                var a = 1;

            > [!TIP]
            > A tip after the code.

        2. Save.
        """

    /// Every marker is on the page, each after the one before it (the document's order).
    static func expectInOrder(_ markers: [String], in html: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let positions = markers.map { html.range(of: $0)?.lowerBound }
        try #require(!positions.contains(nil), "every block is on the page: \(zip(markers, positions).filter { $0.1 == nil }.map(\.0))",
                     sourceLocation: sourceLocation)
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "blocks in the document's order: \(markers)", sourceLocation: sourceLocation)
    }

    @Test("section and step blocks come in source order; an include's blocks where the directive stands")
    func order() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/part.md", "Included paragraph.\n")
        let tutorial = try fixture.tutorial("en-us/articles/order.md", Self.markdown)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/order.html"])
        let markers = [
            "First paragraph.", "A note after the first paragraph.", "dotnet run", "Output paragraph after the code.",
            "Included paragraph.", "Last paragraph.", "Open the file.", "Explain before the code.", "var", "A tip after the code.", "Save.",
        ]
        try Self.expectInOrder(markers, in: html)
    }

    @Test("an include nested in an include, inside a step's bullets, stands where its directive does")
    func nestedIncludeInStep() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/create.md", """
            1. Fill in the form:

               * **Name**: a unique name.

               [!INCLUDE [naming](naming.md)]

               * **Region**: the closest one.

            2. Click **Create**.
            """)
        _ = try fixture.folder.write("content/en-us/includes/naming.md", "> [!IMPORTANT]\n> The name is public.\n")
        let tutorial = try fixture.tutorial("en-us/articles/nested.md", "# Nested\n\n## Create\n\nStart here.\n\n[!INCLUDE [create](../includes/create.md)]\n\nDone.\n")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/nested.html"])
        let markers = ["Start here.", "Fill in the form:", "a unique name.", "The name is public.", "the closest one.", "Create</strong>", "Done."]
        try Self.expectInOrder(markers, in: html)
    }

    @Test("an include used in two sections stands at its directive in each")
    func includeUsedTwice() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/settings.md", "Settings go in local.settings.json.\n")
        let tutorial = try fixture.tutorial("en-us/articles/twice.md", """
            # Twice

            ## Trigger

            Trigger table.

            [!INCLUDE [settings](../includes/settings.md)]

            Trigger usage.

            ## Output

            Output table.

            [!INCLUDE [settings](../includes/settings.md)]

            Output usage.
            """)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/twice.html"])
        let output = try #require(html.range(of: "Output table.")).lowerBound
        let second = try #require(html.range(of: "Settings go in", range: output..<html.endIndex)).lowerBound
        let usage = try #require(html.range(of: "Output usage.")).lowerBound
        #expect(output < second && second < usage, "the second use stands between its section's blocks")
    }

    @Test("a file that two includes include stands inside each, at its directive there")
    func nestedIncludeUsedByTwoIncludes() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/navigate.md", "Select the directory in the portal.\n")
        _ = try fixture.folder.write("content/en-us/includes/sign-up.md", "To sign up, create a policy.\n\n[!INCLUDE [navigate](navigate.md)]\n\nSelect sign-up policies.\n")
        _ = try fixture.folder.write("content/en-us/includes/sign-in.md", "To sign in, create a policy.\n\n[!INCLUDE [navigate](navigate.md)]\n\nSelect sign-in policies.\n")
        let tutorial = try fixture.tutorial("en-us/articles/policies.md", """
            # Policies

            ## Sign up

            [!INCLUDE [sign-up](../includes/sign-up.md)]

            ## Sign in

            [!INCLUDE [sign-in](../includes/sign-in.md)]
            """)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/policies.html"])
        let signIn = try #require(html.range(of: "To sign in, create a policy.")).lowerBound
        let navigate = try #require(html.range(of: "Select the directory", range: signIn..<html.endIndex)).lowerBound
        let policies = try #require(html.range(of: "Select sign-in policies.")).lowerBound
        #expect(signIn < navigate && navigate < policies, "the nested include stands between its includer's blocks")
        try Self.expectInOrder(["To sign up, create a policy.", "Select the directory", "Select sign-up policies.", "To sign in, create a policy."], in: html)
    }

    @Test("text written after an include directive on its line comes after the included text")
    func textAfterDirective() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/trial.md", "If you have no subscription, create a free account.\n")
        let tutorial = try fixture.tutorial("en-us/articles/after.md", """
            # After

            ## Prerequisites

            [!INCLUDE [trial](../includes/trial.md)] You can also try the service for free.

            Then sign up.
            """)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/after.html"])
        let markers = ["create a free account.", "You can also try", "Then sign up."]
        try Self.expectInOrder(markers, in: html)
    }

    @Test("an include written after text on its line stands between the text before and after it, inside the sentence when it is one paragraph")
    func inlineInclude() throws {
        let fixture = try SiteFixture()
        _ = try fixture.folder.write("content/en-us/includes/trial.md", "If you have no subscription, create a free account.\n")
        let tutorial = try fixture.tutorial("en-us/articles/inline.md", """
            # Inline

            ## Prerequisites

            * An Azure subscription ([!INCLUDE [trial](../includes/trial.md)]) with rights.
            * Maven.
            """)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/inline.html"])
        try Self.expectInOrder(["An Azure subscription (", "create a free account.", ") with rights.", "Maven."], in: html)
        #expect(html.contains("An Azure subscription (If you have no subscription, create a free account.) with rights."),
                "a one-paragraph include reads inside the sentence, as DocFX shows an inline include")
        #expect(!html.contains("INCLUDE"))
    }

    @Test("code after a sentence that ended the procedure is shown after that sentence; an indented sentence stays in the step")
    func sentenceEndsProcedure() throws {
        let fixture = try SiteFixture()
        let markdown = """
            # Order

            ## Run

            1. Open the project.
            2. Build it.

            Then run the tool from the margin:

                stepwise-check --all

            ## Damaged

            1. Replace the class:

              Otherwise the request is rejected.

                    public class Handler {}

            2. Save.
            """
        let tutorial = try fixture.tutorial("en-us/articles/ended.md", markdown)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/ended.html"])
        let markers = ["Open the project.", "Build it.", "Then run the tool from the margin:", "stepwise-check", "Replace the class:", "Otherwise the request", "Handler", "Save."]
        try Self.expectInOrder(markers, in: html)
        // The damaged step keeps its code inside its item: nothing of it was cut out of the list.
        let damaged = try #require(html.range(of: "Replace the class:"))
        let item = html[damaged.lowerBound...].prefix { _ in true }.components(separatedBy: "</li>")[0]
        #expect(item.contains("Handler"), "the indented sentence is the step's continuation")
    }
}
