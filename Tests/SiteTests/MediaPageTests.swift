import DocFXDialect
import Foundation
@testable import Site
import StepwiseTestSupport
import Testing
import TutorialModel

/// Images on pages: `<img>` with alt text, size and lazy loading where the image stands, files
/// copied once under content-hashed names, placeholders for what cannot be shown. The documents and
/// tiny real PNG, JPEG, GIF and SVG files are in `Tests/StepwiseCommandsTests/Fixtures/media-project`.
@Suite struct MediaPageTests {
    static let project = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/media-project")
    static let media = "Tests/StepwiseCommandsTests/Fixtures/media-project/content/en-us/articles/media-tour/media/tour/"

    /// The fixture's tutorials and the rendered site (path → text, media as bytes).
    static func site() throws -> (tutorials: [Tutorial], pages: [String: String], files: [String: Data]) {
        let content = project.appendingPathComponent("content")
        let loader = DocumentLoader(workingDirectory: RepositoryFiles.root, defaultLocale: "en-us", contentRoot: content)
        let tutorials = try ["en-us", "fr-fr"].map { locale in
            try TutorialExtractor(loader: loader).extract(content.appendingPathComponent("\(locale)/articles/media-tour/tour.md"))
        }
        var input = SiteInput(tutorials: tutorials, verifications: [SampleKey: SampleVerification]())
        input.media = MediaCatalog.read(tutorials, root: RepositoryFiles.root, contentRoot: content)
        let files = try SiteBuilder(templates: StepwiseTestSupportRoot.templates, configuration: SiteConfiguration(defaultLocale: "en-us")).render(input).files
        return (tutorials, files.mapValues { String(decoding: $0, as: UTF8.self) }, files)
    }

    private func name(_ file: String) throws -> String {
        let data = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(Self.media + file))
        return MediaCatalog.name(for: data, file: file)
    }

    @Test("a local image is an <img> on its copy with alt, title, size and lazy loading, inside its sentence")
    func inlineImage() throws {
        let page = try #require(try Self.site().pages["en-us/articles/media-tour/tour.html"])
        let screen = try name("screen.png")
        #expect(page.contains("<p>The console <img src=\"../../../\(screen)\" alt=\"the console\" title=\"Console\" width=\"64\" height=\"40\" loading=\"lazy\" decoding=\"async\"> sits inside this sentence.</p>"), "\(page)")
        #expect(page.contains("<figure class=\"media\"><img src=\"../../../\(try name("photo.jpg"))\" alt=\"A photo\" width=\"16\" height=\"16\" loading=\"lazy\" decoding=\"async\"></figure>"),
                "a reference image alone in its paragraph is a figure, with the JPEG's size")
    }

    @Test("images inside a link, a table cell, an alert, a list item and an include keep working")
    func contexts() throws {
        let page = try #require(try Self.site().pages["en-us/articles/media-tour/tour.html"])
        let icon = try name("icon.svg")
        #expect(page.contains("<a href=\"https://example.org/icons\" class=\"external\" rel=\"external\"><img src=\"../../../\(icon)\" alt=\"Linked icon\" width=\"24\" height=\"16\""))
        #expect(page.contains("<td><img src=\"../../../\(try name("screen.png"))\" alt=\"screen in a cell\""))
        #expect(page.contains("<div class=\"callout-text\"><p>The badge <img src=\"../../../media/") && page.contains("alt=\"badge\" width=\"16\" height=\"16\""))
        #expect(page.contains("<li>A bullet with <img src=\"../../../\(icon)\" alt=\"a list icon\""))
        #expect(page.contains("alt=\"include badge\" width=\"16\" height=\"16\""), "an include's image, relative to the include")
    }

    @Test("DocFX content, icon and complex images render as images; their markers are gone")
    func docfx() throws {
        let page = try #require(try Self.site().pages["en-us/articles/media-tour/tour.html"])
        #expect(page.contains("alt=\"The console, from DocFX\" width=\"64\" height=\"40\""))
        #expect(page.contains("<img src=\"../../../\(try name("icon.svg"))\" alt=\"\" width=\"24\" height=\"16\""))
        #expect(page.contains("alt=\"A complex photo\"") && page.contains("A long description of the photo."))
        #expect(!page.contains(":::"))
    }

    @Test("a missing, escaping or data: image is a placeholder with its alt text; an external one stays external; raw <img> is sanitized")
    func placeholders() throws {
        let page = try #require(try Self.site().pages["en-us/articles/media-tour/tour.html"])
        #expect(page.contains("<figure class=\"media-missing\"><div class=\"media-placeholder\"><span class=\"media-icon\" aria-hidden=\"true\">▧</span> Image not available</div><figcaption>Not there <span class=\"media-ref\">[media/tour/missing.png]</span></figcaption></figure>"))
        #expect(page.contains("<figcaption>Outside ") && page.contains("<figcaption>Data "))
        #expect(!page.contains("src=\"data:") && !page.contains("outside.png\""))
        #expect(page.contains("<img src=\"https://images.example.org/remote.png\" alt=\"Remote\" loading=\"lazy\" decoding=\"async\">"))
        #expect(page.contains("Raw HTML <img src=\"../../../\(try name("icon.svg"))\" alt=\"raw icon\" width=\"24\" height=\"16\" loading=\"lazy\" decoding=\"async\"> and <span class=\"media-missing-inline\" role=\"img\" aria-label=\"Image not available: script\"><span class=\"media-icon\" aria-hidden=\"true\">▧</span> script</span> here."))
        #expect(!page.lowercased().contains("onerror") && !page.lowercased().contains("javascript:"))
        let french = try #require(try Self.site().pages["fr-fr/articles/media-tour/tour.html"])
        #expect(french.contains("<figcaption>Absente <span class=\"media-ref\">[media/tour/absente.png]</span></figcaption>"))
    }

    @Test("each image file is copied once, under its content hash, shared by pages and locales")
    func copiedOnce() throws {
        let (_, pages, files) = try Self.site()
        let media = files.keys.filter { $0.hasPrefix("media/") }.sorted()
        #expect(media == [try name("icon.svg"), try name("photo.jpg"), try name("screen.png"), "media/5320a44057f2e186-badge.gif"].sorted())
        #expect(media.allSatisfy { $0.wholeMatch(of: /media\/[0-9a-f]{16}-[A-Za-z0-9._-]+/) != nil })
        let screen = try name("screen.png")
        #expect(files[screen] == (try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(Self.media + "screen.png"))))
        #expect(pages["fr-fr/articles/media-tour/tour.html"]?.contains("src=\"../../../\(screen)\"") == true,
                "the French page's own identical copy is the same site file")
    }

    @Test("PNG, JPEG, GIF and SVG sizes are read from their headers; anything else has none")
    func sizes() throws {
        func size(_ path: String) throws -> [Int]? {
            ImageSize.of(try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(path))).map { [$0.width, $0.height] }
        }
        #expect(try size(Self.media + "screen.png") == [64, 40])
        #expect(try size(Self.media + "photo.jpg") == [16, 16])
        #expect(try size(Self.media + "icon.svg") == [24, 16])
        #expect(try size("Tests/StepwiseCommandsTests/Fixtures/media-project/content/en-us/includes/media/shared/badge.gif") == [16, 16])
        #expect(ImageSize.of(Data("<svg width=\"10px\" height=\"5\">".utf8)).map { [$0.width, $0.height] } == [10, 5])
        #expect(ImageSize.of(Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        #expect(ImageSize.of(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01])) == nil, "a truncated JPEG")
        #expect(ImageSize.of(Data("not an image".utf8)) == nil)
    }
}
