@testable import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing

@Suite struct LoadedDocumentTests {
    private let article = """
        ---
        title: Vue d'ensemble
        ---
        #Titre
        <!-- a comment -->
        <span data-ttu-id="9d535-105">Vue d'ensemble</span><span class="sxs-lookup"><span data-stu-id="9d535-105">Overview</span></span>

        [!INCLUDE [part](../../includes/part.md)]

        ![image](media/a.png)
        """

    private func load() throws -> LoadedDocument {
        let dir = try TemporaryDirectory()
        let doc = try dir.write("content/fr-fr/articles/a/t.md", article)
        try dir.write("content/fr-fr/includes/part.md", "##Partie\n<!-- note -->\n")
        return try DocumentLoader(workingDirectory: dir.url, defaultLocale: "fr-fr").load(doc)
    }

    @Test("a modelled document keeps what the checks read: lines, front matter, spans, includes")
    func keepsWhatChecksRead() throws {
        let loaded = try load()
        let released = loaded.releasingTrees()
        #expect(released.file.path == loaded.file.path && released.file.url == loaded.file.url)
        #expect(released.file.compactLines == loaded.file.compactLines)
        #expect(Array(released.file.compactLines) == loaded.file.lines)
        #expect(released.includes.map(\.document.file.compactLines) == loaded.includes.map(\.document.file.compactLines))
        #expect(released.metadata == loaded.metadata)
        #expect(released.metadata.lines == [1...3])
        #expect(released.normalized.spans == loaded.normalized.spans)
        #expect(released.normalized.spans(onLine: 6).map(\.source) == ["Overview"])
        #expect(released.layout == loaded.layout)
        #expect(released.includes.map(\.resolvedPath) == loaded.includes.map(\.resolvedPath))
        #expect(released.missingIncludes == loaded.missingIncludes)
    }

    @Test("a modelled document drops its trees, its lines as strings and the normalized text, its includes' too")
    func dropsTreesAndNormalizedText() throws {
        let loaded = try load()
        #expect(!loaded.normalized.lines.isEmpty && !loaded.normalized.comments.isEmpty && loaded.normalized.lineMap.isRewritten(line: 4))
        let released = loaded.releasingTrees()
        for document in [released, released.includes[0].document] {
            #expect(document.tree.children.isEmpty)
            #expect(document.file.lines.isEmpty && !document.file.compactLines.isEmpty)
            #expect(document.normalized.lines.isEmpty)
            #expect(document.normalized.comments.isEmpty && document.normalized.includes.isEmpty)
            #expect(document.normalized.imageReferences.isEmpty && document.normalized.headingsMissingSpace.isEmpty)
            #expect(!document.normalized.lineMap.isRewritten(line: 1) && !document.normalized.lineMap.isRewritten(line: 4))
        }
    }
}
