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
        let positions = markers.map { html.range(of: $0)?.lowerBound }
        #expect(!positions.contains(nil), "every block is on the page: \(zip(markers, positions).filter { $0.1 == nil }.map(\.0))")
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted(), "blocks in source order")
    }
}
