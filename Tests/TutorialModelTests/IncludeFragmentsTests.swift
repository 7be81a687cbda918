import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// An include's fragment is made once per run and reused by every document that loaded the include
/// the same way; a document that loaded it otherwise (another chain cut another include short) gets
/// its own. Either way each model is the one an extractor of its own makes.
@Suite struct IncludeFragmentsTests {
    /// The content: its files written below a temporary directory, and the extractor's loader.
    private struct Content {
        let directory: TemporaryDirectory
        var loader: DocumentLoader { DocumentLoader(workingDirectory: directory.url, defaultLocale: "en-us") }

        init(_ files: [String: String]) throws {
            directory = try TemporaryDirectory()
            for (name, body) in files { try directory.write(name, body) }
        }

        func url(_ path: String) -> URL { directory.url.appendingPathComponent(path) }

        /// The model `extractor` makes of the document at `path`, read as a run reads it (an include
        /// cycle is reported and cut, not fatal).
        func model(_ path: String, by extractor: TutorialExtractor) throws -> Tutorial {
            extractor.extract(try #require(extractor.loader.loadReportingProblems(url(path)).document))
        }

        /// Each document's model from one extractor (in order), and from an extractor of its own.
        func models(_ paths: [String]) throws -> (shared: [Tutorial], alone: [Tutorial], kept: Int) {
            let shared = TutorialExtractor(loader: loader)
            let together = try paths.map { try model($0, by: shared) }
            let alone = try paths.map { try model($0, by: TutorialExtractor(loader: loader)) }
            return (together, alone, shared.includeFragments.count)
        }
    }

    @Test("an include named by several documents is modelled once; each model is the one made alone")
    func shared() throws {
        let content = try Content([
            "content/en-us/includes/setup.md": "Install the tools:\n\n1. Open a shell.\n2. Run this:\n\n    ```bash\n    az login\n    ```\n\n[!INCLUDE [note](note.md)]\n",
            "content/en-us/includes/note.md": "> [!NOTE]\n> Sign in first.\n",
            "content/en-us/articles/a/x.md": "# X\n\n## Start\n\n[!INCLUDE [setup](../../includes/setup.md)]\n\n## Again\n\n[!INCLUDE [setup](../../includes/setup.md)]\n",
            "content/en-us/articles/a/y.md": "# Y\n\nBefore.\n\n[!INCLUDE [setup](../../includes/setup.md)]\n",
        ])
        let (shared, alone, kept) = try content.models(["content/en-us/articles/a/x.md", "content/en-us/articles/a/y.md"])
        #expect(shared == alone)
        // setup.md (with note.md in it) and note.md: two fragments for three uses of setup.md.
        #expect(kept == 2)
        #expect(shared[1].allCode.map(\.text) == ["az login"])
        #expect(shared[0].allCode.count == 2 && shared[0].allCode.allSatisfy { $0.origin.path.hasSuffix("includes/setup.md") })
    }

    @Test("an include whose own includes another chain cut short (a cycle) is modelled again, as loaded")
    func cycles() throws {
        // x → a → b → (a: a cycle, cut); y → b → a → (b: cut). b as x loaded it holds no a; as y loaded it, it does.
        let content = try Content([
            "content/en-us/includes/a.md": "Text of a.\n\n[!INCLUDE [b](b.md)]\n",
            "content/en-us/includes/b.md": "Text of b.\n\n[!INCLUDE [a](a.md)]\n",
            "content/en-us/articles/a/x.md": "# X\n\n[!INCLUDE [a](../../includes/a.md)]\n",
            "content/en-us/articles/a/y.md": "# Y\n\n[!INCLUDE [b](../../includes/b.md)]\n",
        ])
        let (shared, alone, kept) = try content.models(["content/en-us/articles/a/x.md", "content/en-us/articles/a/y.md"])
        #expect(shared == alone)
        #expect(kept == 4)
        let texts = shared.map { $0.sections.flatMap(\.paragraphs).map { $0.inlines.map(\.text).joined() } }
        #expect(texts[0].contains("Text of a.") && texts[0].contains("Text of b."))
        #expect(texts[1].contains("Text of b.") && texts[1].contains("Text of a."))
    }

    @Test("an include edited between runs of one extractor is modelled from its new text, its new bytes too", arguments: [
        ("Old text.\n", "New text.\n"),
        // The same text to `==` (two marks in either order), as many bytes, other bytes: the model quotes the file's own.
        ("Voici a\u{301}\u{316}.\n", "Voici a\u{316}\u{301}.\n"),
    ])
    func edited(old: String, new: String) throws {
        let content = try Content([
            "content/en-us/includes/part.md": old,
            "content/en-us/articles/a/x.md": "# X\n\n[!INCLUDE [part](../../includes/part.md)]\n",
        ])
        let extractor = TutorialExtractor(loader: content.loader)
        let before = try content.model("content/en-us/articles/a/x.md", by: extractor)
        try content.directory.write("content/en-us/includes/part.md", new)
        // A loader of its own (a new run's): its parsed files are read again, the extractor's fragments kept.
        var next = extractor
        next.loader = content.loader
        let after = try content.model("content/en-us/articles/a/x.md", by: next)
        let paragraphs = { (tutorial: Tutorial) in tutorial.sections.flatMap(\.paragraphs).map { Array($0.inlines.map(\.text).joined().utf8) } }
        let (oldLine, newLine) = (Array(old.dropLast().utf8), Array(new.dropLast().utf8))
        #expect(paragraphs(before).contains(oldLine) && paragraphs(after).contains(newLine) && !paragraphs(after).contains(oldLine))
    }
}
