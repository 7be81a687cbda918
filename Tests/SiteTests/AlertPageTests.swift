import Site
import Testing
import TutorialModel

/// Alerts keep their content: links, code, emphasis, lists, several paragraphs; several alerts in
/// one quote stay several.
@Suite struct AlertPageTests {
    static let markdown = """
        # Alerts

        ## Setup

        > [!NOTE]
        > Install the [SDK](https://example.org/sdk) and run `setup`.
        >
        > Then restart:
        > - the shell
        > - the editor
        >
        > [!TIP]
        > A **second** alert in the same quote.

        > [AZURE.NOTE] **Security Note**: Never commit `secrets.json`.
        """

    @Test("an alert shows links, code, lists and paragraphs; a second marker in the quote is a second alert")
    func content() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/alerts.md", Self.markdown)
        let alerts = tutorial.sections.flatMap(\.alerts)
        #expect(alerts.map(\.kind) == ["note", "tip", "note"])
        #expect(alerts.map(\.label) == [nil, nil, "Security Note"])
        #expect(alerts[0].blocks.count == 4, "two paragraphs and two list items")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/alerts.html"])
        #expect(html.contains("<div class=\"callout-text\"><p>Install the <a href=\"https://example.org/sdk\" class=\"external\" rel=\"external\">SDK</a> and run <code>setup</code>.</p><p>Then restart:</p><ul class=\"prose-list\"><li>the shell</li><li>the editor</li></ul></div>"), "\(html)")
        #expect(html.contains("<aside class=\"callout callout-tip\" aria-label=\"Tip\"><p class=\"callout-label\">Tip</p><div class=\"callout-text\"><p>A <strong>second</strong> alert in the same quote.</p></div></aside>"))
        #expect(html.contains("<p class=\"callout-label\">Security Note</p><div class=\"callout-text\"><p>Never commit <code>secrets.json</code>.</p></div>"))
        #expect(!html.contains("[!TIP]") && !html.contains("[AZURE.NOTE]"))
    }

    @Test("code written in a note is a sample of its step, read without the quote markers, shown inside the note in order")
    func codeInNote() throws {
        let markdown = """
            # Code in notes

            ## Configure

            1. Sign in.

               > [!NOTE]
               > The CLI must be in Resource Manager mode:
               >
               > ```azurecli
               > azure config mode arm
               >   azure account show
               > ```
               >
               > Then sign in again.

            2. Create the group.
            """
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/notes.md", markdown)
        let step = try #require(tutorial.allSteps.first)
        let sample = try #require(step.code.first)
        #expect(sample.language == "azurecli")
        #expect(sample.text == "azure config mode arm\n  azure account show", "no `>` marker, indentation kept")
        #expect(step.alerts.map(\.line) == [7])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/notes.html"])
        let note = try #require(html.range(of: "<aside class=\"callout callout-note\"").map { String(html[$0.lowerBound...]) })
        let callout = String(note[..<(note.range(of: "</aside>")?.upperBound ?? note.endIndex)])
        let text = try #require(callout.range(of: "The CLI must be in Resource Manager mode:"))
        let code = try #require(callout.range(of: "azure config mode arm"))
        let after = try #require(callout.range(of: "Then sign in again."))
        #expect(text.upperBound <= code.lowerBound && code.upperBound <= after.lowerBound, "prose, code, prose in the note: \(callout)")
        #expect(callout.contains("<figure class=\"sample\""))
        #expect(html.components(separatedBy: "azure config mode arm").count == 2, "shown once, in the note")
    }

    @Test("an HTML <pre> block is a code sample: its text without tags, references decoded, highlighted and checked")
    func preformattedBlock() throws {
        let markdown = """
            # Pre

            ## Mount

            1. Add this line to /etc/fstab:

                <pre><code>
                /dev/disk/by-uuid/<b>&lt;UUID&gt;</b> /hana xfs  defaults,nofail  0  2
                </code></pre>

            2. Mount the disk:

            <pre>sudo mount -a &amp;&amp; df -h</pre>

            <pre>not code</pre> and prose after it.
            """
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/pre.md", markdown)
        let samples = tutorial.allCode
        #expect(samples.map(\.line) == [7, 13])
        #expect(samples.map(\.text) == ["/dev/disk/by-uuid/<UUID> /hana xfs  defaults,nofail  0  2", "sudo mount -a && df -h"])
        #expect(samples[1].language == "shell")
        #expect(samples.allSatisfy { $0.damage == nil }, "a <pre> block is whole, not code split by indentation")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/pre.html"])
        #expect(html.components(separatedBy: "<figure class=\"sample\"").count == 3, "two samples")
        #expect(html.contains("&lt;UUID&gt;") && !html.contains("<b>&lt;UUID"), "the text is shown as code, escaped once")
        #expect(html.contains("not code"), "a <pre> followed by prose on its line stays prose")
    }

    @Test("DocFX checklist, next-step action, other [!div] blocks and plain quotes are shown with their content")
    func docfxBlocks() throws {
        let markdown = """
            # Blocks

            ## Done

            > [!div class="checklist"]
            > * Create a group
            > * Deploy the app

            > [!div class="nextstepaction"]
            > [Scale the app](https://example.org/scale)

            > [!div class="mx-imgBorder"]
            > Bordered text.

            > A quotation without a marker.
            """
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/blocks.md", markdown)
        #expect(tutorial.sections.flatMap(\.alerts).map(\.kind) == ["checklist", "nextstepaction", "div", "quote"])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/blocks.html"])
        #expect(html.contains("<div class=\"docfx-block docfx-checklist\"><ul class=\"prose-list\"><li>Create a group</li><li>Deploy the app</li></ul></div>"), "\(html)")
        #expect(html.contains("<div class=\"docfx-block docfx-nextstepaction\"><p><a href=\"https://example.org/scale\" class=\"external\" rel=\"external\">Scale the app</a></p></div>"))
        #expect(html.contains("<div class=\"docfx-block docfx-div\"><p>Bordered text.</p></div>"))
        #expect(html.contains("<blockquote class=\"quote\"><p>A quotation without a marker.</p></blockquote>"))
        #expect(!html.contains("[!div"))
    }

    @Test("an [AZURE.SELECTOR] list shows once, as the platform selector")
    func selectorOnce() throws {
        let markdown = "# Title\n\n> [AZURE.SELECTOR]\n- [Windows](windows.md)\n- [iOS](ios.md)\n\nText.\n"
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/selector.md", markdown)
        #expect(tutorial.selectors.flatMap(\.links).map(\.title) == ["Windows", "iOS"])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/selector.html"])
        #expect(html.components(separatedBy: ">Windows</").count == 2, "once, in the platform selector")
        #expect(html.contains("<nav class=\"platforms\""))
    }

    @Test("a selector entry written without a link (a space between its brackets and parentheses) is shown as its text")
    func selectorEntryWithoutLink() throws {
        let markdown = "# Title\n\n> [!div class=\"op_single_selector\"]\n> * [C#](csharp.md)\n> * [Python] (python.md)\n\nText.\n"
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/selector.md", markdown)
        #expect(tutorial.selectors.flatMap(\.links).map(\.url) == ["csharp.md", ""])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/selector.html"])
        #expect(html.contains("<li>[Python] (python.md)</li></ul></nav>"), "the entry as written, not a link")
    }

    @Test("DocFX videos are links, not embedded players")
    func videos() throws {
        let markdown = "# V\n\n[!VIDEO https://channel9.msdn.com/x/player]\n\n[AZURE.VIDEO azure-functions-overview]\n"
        let fixture = try SiteFixture()
        let html = try #require(try fixture.render([try fixture.tutorial("en-us/articles/v.md", markdown)])["en-us/articles/v.html"])
        #expect(html.contains("<p>▶ <a href=\"https://channel9.msdn.com/x/player\" class=\"external\" rel=\"external\">https://channel9.msdn.com/x/player</a></p>"), "\(html)")
        #expect(html.contains("href=\"https://azure.microsoft.com/documentation/videos/azure-functions-overview/\""))
        #expect(!html.contains("<iframe") && !html.contains("[!VIDEO"))
    }
}
