import Site
import Testing
import TutorialModel

/// Lists on the page hold everything their items hold: nested lists, an item's later paragraphs,
/// tables; numbered lists that are not procedures stay numbered; sub-steps of a step are shown.
@Suite struct ListPageTests {
    static let markdown = """
        # Lists

        ## Characteristics

        * Reachable from the Internet:
          * The subnet is public.
          * Addresses are public.
            1. Nested number one.
            2. Nested number two.
        * Protected network:

          A later paragraph of the second item.

          | Port | Use |
          |---|---|
          | 443 | HTTPS |
        * Third item.

        Between the lists.

        3. **Three**: a term, not an instruction.
        4. **Four**: another term.

        ## Procedure

        1. Open the portal.
           1. Select **Resources**.
           2. Select **Create**.
        2. Save the file.
        """

    private func page() throws -> String {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/lists.md", Self.markdown)
        return try #require(try fixture.render([tutorial])["en-us/articles/lists.html"])
    }

    /// The HTML between the first occurrence of `start` and the first `end` after it.
    private func slice(_ html: String, from start: String, to end: String) -> Substring? {
        guard let lower = html.range(of: start), let upper = html.range(of: end, range: lower.upperBound..<html.endIndex) else { return nil }
        return html[lower.lowerBound..<upper.upperBound]
    }

    @Test("a nested list is inside its item, in order, with its own nested numbered list")
    func nested() throws {
        let html = try page()
        let list = try #require(slice(html, from: "<ul class=\"prose-list\"><li>Reachable", to: "Third item.</li></ul>"))
        #expect(list.contains("<li>Reachable from the Internet:<ul class=\"prose-list\"><li>The subnet is public.</li><li>Addresses are public.<ol class=\"prose-list\"><li>Nested number one.</li><li>Nested number two.</li></ol></li></ul></li>"))
        #expect(list.contains("<li>Protected network:<p>A later paragraph of the second item.</p><div class=\"table-scroll\"><table"), "later blocks of an item stay in the item")
        #expect(list.contains("<td>443</td>"))
        #expect(html.components(separatedBy: "Reachable from the Internet").count == 2, "shown once")
    }

    @Test("a numbered list that is not a procedure (terms defined) stays numbered from its first number")
    func numbered() throws {
        let html = try page()
        #expect(html.contains("<ol class=\"prose-list\" start=\"3\"><li><strong>Three</strong>: a term, not an instruction.</li><li><strong>Four</strong>: another term.</li></ol>"))
        let between = try #require(html.range(of: "Between the lists."))
        let three = try #require(html.range(of: "<strong>Three</strong>"))
        #expect(between.lowerBound < three.lowerBound)
    }

    @Test("sub-steps of a step are shown as a numbered list inside the step")
    func subSteps() throws {
        let html = try page()
        let step = try #require(slice(html, from: "Open the portal.", to: "</li>\n<li"))
        #expect(step.contains("<ol class=\"prose-list\"><li>Select <strong>Resources</strong>.</li><li>Select <strong>Create</strong>.</li></ol>"))
        #expect(html.contains("Save the file."))
    }

    @Test("the model places each list block: depth, numbering, item or continuation")
    func model() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/lists.md", Self.markdown)
        let paragraphs = tutorial.sections.flatMap(\.paragraphs)
        func placement(_ text: String) -> ListPlacement? {
            paragraphs.first { $0.inlines.map(\.text).joined().hasPrefix(text) }?.list
        }
        #expect(placement("Reachable") == ListPlacement(depth: 0, ordered: false, number: 1, continuation: false))
        #expect(placement("The subnet") == ListPlacement(depth: 1, ordered: false, number: 1, continuation: false))
        #expect(placement("Nested number two") == ListPlacement(depth: 2, ordered: true, number: 2, continuation: false))
        #expect(placement("A later paragraph") == ListPlacement(depth: 0, ordered: false, number: 2, continuation: true))
        #expect(placement("Four") == ListPlacement(depth: 0, ordered: true, number: 4, continuation: false))
        #expect(placement("Between the lists")?.depth == nil)
        let step = try #require(tutorial.sections.flatMap(\.steps).first { $0.text.hasPrefix("Open the portal") })
        #expect(step.details.compactMap(\.list).map(\.number) == [1, 2], "sub-steps are the step's details, numbered")
    }
}

/// A heading inside a quote or a list item is not a section of the document, but it is shown.
@Suite struct NestedHeadingPageTests {
    @Test("headings inside a quote and a list item are shown where they stand, outside the outline")
    func nestedHeadings() throws {
        let fixture = try SiteFixture()
        let markdown = """
            # Nested

            ## Packages

            > ### <a name="about"></a>About these packages
            > The libraries enable single sign-on.

            * Item with a heading:
              #### Details
              More text.
            """
        let tutorial = try fixture.tutorial("en-us/articles/nested.md", markdown)
        #expect(tutorial.sections.map(\.title) == ["Nested", "Packages"], "no section for a nested heading")
        let html = try #require(try fixture.render([tutorial])["en-us/articles/nested.html"])
        let heading = try #require(html.range(of: "role=\"heading\" aria-level=\"3\""))
        let about = try #require(html.range(of: "About these packages</p>"))
        let text = try #require(html.range(of: "The libraries enable single sign-on."))
        #expect(heading.lowerBound < about.lowerBound && about.lowerBound < text.lowerBound)
        #expect(html.contains("<li>Item with a heading:<p class=\"prose-heading\" role=\"heading\" aria-level=\"4\">Details</p><p>More text.</p></li>"), "\(html)")
    }
}
