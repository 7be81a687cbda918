import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Images in the model: every syntax found with its place, where a reader sees it, the file it
/// names (inside the content root only) and a located diagnostic when it cannot be shown.
@Suite struct ImageModelTests {
    /// Extracts `content/en-us/articles/a/t.md` from a scratch tree with `files` beside it.
    private func extract(
        _ text: String, files: [String: Data] = [:], in existing: TemporaryDirectory? = nil
    ) throws -> (tutorial: Tutorial, problems: [Diagnostic], dir: TemporaryDirectory) {
        let dir = try existing ?? TemporaryDirectory()
        for (name, body) in files { _ = try dir.write(name, body) }
        let url = try dir.write("content/en-us/articles/a/t.md", text)
        let loader = DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us", contentRoot: dir.url.appendingPathComponent("content"))
        var problems: [Diagnostic] = []
        let tutorial = TutorialExtractor(loader: loader).extract(try loader.load(url), problems: &problems)
        return (tutorial, problems, dir)
    }

    private let png = Data([0x89, 0x50, 0x4E, 0x47])

    @Test("inline, reference, DocFX and HTML images are found with their line, column, syntax and placement")
    func syntaxes() throws {
        let (tutorial, _, _) = try extract("""
            # T

            Text ![inline](m/a.png "Title") and ![ref][r].

            :::image type="content" source="m/b.png" alt-text="DocFX":::

            <p>Raw <img src="m/c.png" alt="html"></p>

                ![figure](m/a.png)

            ```md
            ![in a fence](m/zzz.png)
            ```

            [r]: m/a.png
            """, files: ["content/en-us/articles/a/m/a.png": png, "content/en-us/articles/a/m/b.png": png, "content/en-us/articles/a/m/c.png": png])
        let images = tutorial.images
        #expect(images.map(\.syntax) == ["inline", "reference", "docfx", "html", "inline"])
        #expect(images.map(\.origin.line) == [3, 3, 5, 7, 9])
        #expect(images.map(\.column) == [6, 37, 1, 8, 5])
        #expect(images.map(\.destination) == ["m/a.png", "m/a.png", "m/b.png", "m/c.png", "m/a.png"])
        #expect(images.map(\.placement) == [.inline, .inline, .inline, .inline, .figure])
        #expect(images[0].title == "Title" && images[2].alt == "DocFX")
        #expect(images.allSatisfy { $0.problem == nil && $0.resolvedTo?.hasPrefix("content/en-us/articles/a/m/") == true })
    }

    @Test("image spans stand where they are written: inside a sentence, a link, a table cell; DocFX images read out of the text")
    func spans() throws {
        let (tutorial, _, _) = try extract("""
            # T

            See ![a](a.png) here and [![b](b.png)](https://example.org).

            | x |
            |---|
            | ![c](c.png) |

            :::image type="complex" source="d.png" alt-text="D":::
            Long text.
            :::image-end:::
            """)
        let paragraphs = tutorial.sections[0].paragraphs
        #expect(paragraphs[0].inlines.map(\.kind) == [.text, .image, .text, .link, .text])
        #expect(paragraphs[0].inlines[1].destination == "a.png" && paragraphs[0].inlines[1].text == "a")
        #expect(paragraphs[0].inlines[3].children?.map(\.kind) == [.image])
        #expect(paragraphs[1].table?.rows[0][0].map(\.kind) == [.image])
        #expect(paragraphs[2].inlines.first?.kind == .image && paragraphs[2].inlines.first?.destination == "d.png")
        #expect(!paragraphs[2].inlines.map(\.text).joined().contains(":::"), "the DocFX markers are not text")
    }

    @Test("a missing image is an image-missing warning at its path:line:col; the model keeps the file it names")
    func missing() throws {
        let (tutorial, problems, _) = try extract("# T\n\nText.\n\n  ![Gone](media/gone.png)\n")
        #expect(problems.map(\.id) == ["image-missing"])
        #expect(problems.first?.severity == .warning)
        #expect(problems.first?.location?.description == "content/en-us/articles/a/t.md:5:3")
        #expect(tutorial.images.first?.resolvedTo == "content/en-us/articles/a/media/gone.png")
        #expect(tutorial.images.first?.problem == "not found")
        #expect(tutorial.diagnostics.contains { $0.id == "image-missing" && $0.line == 5 && $0.column == 3 })
    }

    @Test("a path that leaves the content root is refused and never read, also through a symbolic link")
    func escapes() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("secret.png", png)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/en-us/articles/a"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: dir.url.appendingPathComponent("content/en-us/articles/a/link.png"), withDestinationURL: dir.url.appendingPathComponent("secret.png"))
        let url = try dir.write("content/en-us/articles/a/t.md", "# T\n\n![up](../../../../secret.png)\n\n![linked](link.png)\n\n![root](/../../secret.png)\n")
        let loader = DocumentLoader(workingDirectory: dir.url, defaultLocale: "en-us", contentRoot: dir.url.appendingPathComponent("content"))
        var problems: [Diagnostic] = []
        let tutorial = TutorialExtractor(loader: loader).extract(try loader.load(url), problems: &problems)
        #expect(problems.map(\.id) == ["image-escapes-root", "image-escapes-root", "image-escapes-root"])
        #expect(problems.allSatisfy { $0.severity == .error && $0.summary.contains("refused") })
        #expect(tutorial.images.allSatisfy { $0.resolvedTo == nil })
    }

    @Test("image syntax inside a code span is code, not an image; columns after it stay right")
    func codeSpans() throws {
        let (tutorial, problems, _) = try extract("# T\n\nWrite `![alt](path.png)` to show ![é](real.png).\n")
        #expect(tutorial.images.map(\.destination) == ["real.png"])
        #expect(tutorial.images.first?.column == 34)
        #expect(problems.map(\.location?.description) == ["content/en-us/articles/a/t.md:3:34"])
    }

    @Test("http(s) images stay external; data: and javascript: are refused; images in code are code")
    func schemes() throws {
        let (tutorial, problems, _) = try extract("""
            # T

            ![web](https://example.org/x.png) ![proto](//cdn.example.org/y.png)

            ![data](data:image/png;base64,AAAA) ![js](javascript:alert(1))

                var x = "![code](nothing.png)";
                var y = 1;
            """)
        #expect(tutorial.images.map(\.placement) == [.inline, .inline, .inline, .inline, .code])
        #expect(tutorial.images[0].resolvedTo == nil && tutorial.images[0].problem == nil)
        #expect(tutorial.images[1].problem == nil)
        #expect(problems.map(\.summary) == [
            "image 'data:image/png;base64,AAAA' is not shown: data: URLs are refused",
            "image 'javascript:alert(1)' is not shown: javascript: URLs are refused",
        ])
    }

    @Test("a relative path is joined to its folder by its text, as Foundation standardizes a path without links")
    func joinedAsFoundation() throws {
        let dir = try TemporaryDirectory()
        let folder = dir.url.appendingPathComponent("content/en-us/articles/a").path
        let written = [
            "x.png", "./x.png", "../media/x.png", "m//x.png", "m/./n/../x.png", "../../../../../../../x.png", "m/", "..",
            ".", "...", "m/.../x.png", "m/..x/x.png", "./../a/./x.png", "é/ñ.png", "m/x.png/", "",
        ]
        for path in written {
            let foundation = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: folder, isDirectory: true)).standardizedFileURL.path
            #expect(ImageResolver.joined(folder, path) == foundation, "\(path)")
        }
    }

    @Test("`..` takes off the folder written before it, as a browser reads the URL, even when that folder is a link")
    func dotDotByText() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("content/en-us/articles/a/x.png", png)
        _ = try dir.write("content/en-us/articles/deep/down/x.png", png)
        try FileManager.default.createSymbolicLink(
            at: dir.url.appendingPathComponent("content/en-us/articles/a/sub"),
            withDestinationURL: dir.url.appendingPathComponent("content/en-us/articles/deep/down/below"))
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("content/en-us/articles/deep/down/below"), withIntermediateDirectories: true)
        let (tutorial, problems, _) = try extract("# T\n\n![a](sub/../x.png)\n", in: dir)
        #expect(problems.isEmpty)
        #expect(tutorial.images.first?.resolvedTo == "content/en-us/articles/a/x.png")
    }
}
