import Site
import Testing
import TutorialModel

/// Pipe tables are shown as tables, in the prose and in a step, with alignment and inline markup.
@Suite struct TablePageTests {
    static let markdown = """
        ---
        title: Tables
        ---
        # Tables

        The limits:

        | Tier | Price | Notes |
        |:-----|------:|:-----:|
        | Free | 0 | `F1`<br>shared |
        | Basic \\| B1 | 10 | [details](https://example.org/b1) |

        ## Configure

        1. Set these values:

           | Setting | Value |
           |---|---|
           | Name | **my-app** |

        2. Save.
        """

    @Test("a table in the prose and one in a step render as tables with aligned cells")
    func tables() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/tables.md", Self.markdown)
        let paragraphs = tutorial.sections.flatMap(\.paragraphs) + tutorial.sections.flatMap(\.steps).flatMap(\.details)
        let tables = paragraphs.compactMap(\.table)
        #expect(tables.count == 2)
        #expect(tables.first?.alignments == ["left", "right", "center"])
        #expect(tables.first?.rows[1][0].map(\.text) == ["Basic | B1"])
        #expect(tutorial.sections.flatMap(\.steps).count == 2, "the table does not end the procedure")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/tables.html"])
        #expect(html.contains("<table class=\"prose-table\"><thead><tr><th scope=\"col\" class=\"align-left\">Tier</th><th scope=\"col\" class=\"align-right\">Price</th><th scope=\"col\" class=\"align-center\">Notes</th></tr></thead>"))
        #expect(html.contains("<td class=\"align-center\"><code>F1</code><br>shared</td>"))
        #expect(html.contains("<td class=\"align-center\"><a href=\"https://example.org/b1\" class=\"external\" rel=\"external\">details</a></td>"))
        #expect(html.contains("<th scope=\"col\">Setting</th><th scope=\"col\">Value</th></tr></thead><tbody><tr><td>Name</td><td><strong>my-app</strong></td></tr></tbody>"))
        #expect(!html.contains("|---|"), "no table is left as paragraph text")
    }
}

@Suite struct HTMLBlockPageTests {
    @Test("HTML blocks with text are shown sanitized (tables); a <pre> is a code sample; anchors alone and scripts are not shown")
    func blocks() throws {
        let markdown = """
            # HTML

            <a name="anchor"></a>

            <table>
            <tr><th colspan="2" onclick="x()">Tier</th></tr>
            <tr><td>Free</td><td>0</td></tr>
            </table>

            <pre>
            line one
            </pre>

            <div><script>alert(1)</script>Visible</div>
            """
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/html.md", markdown)
        #expect(tutorial.sections.flatMap(\.paragraphs).compactMap(\.html).count == 2, "the anchor-only block is not prose, the <pre> is code")
        #expect(tutorial.allCode.map(\.text) == ["line one"])
        let html = try #require(try fixture.render([tutorial])["en-us/articles/html.html"])
        #expect(html.contains("<div class=\"html-block\"><table>\n<tr><th colspan=\"2\">Tier</th></tr>\n<tr><td>Free</td><td>0</td></tr>\n</table>"), "\(html)")
        #expect(html.contains("<code class=\"language-text\">line one</code>") && !html.contains("<div class=\"html-block\"><pre>"))
        #expect(html.contains("<div class=\"html-block\">Visible"))
        #expect(!html.contains("onclick") && !html.contains("<script>alert"))
    }
}
