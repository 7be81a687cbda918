import Foundation
import StepwiseTestSupport
import Testing

/// Images through the commands: `build` copies the images the pages show into `media/` once, under
/// content-hashed names; `check` and `build` report images that cannot be shown with their place; the
/// incremental build re-copies a changed image; shards merge into the same site. The project is
/// `Fixtures/media-project` with the repository's templates.
@Suite(.serialized) struct MediaBuildTests {
    static let tour = "content/en-us/articles/media-tour/tour.md"
    static let screen = "content/en-us/articles/media-tour/media/tour/screen.png"

    /// A scratch copy of the media project; `escaping: false` drops the image that leaves the root.
    private func project(escaping: Bool = true) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let fixture = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/media-project")
        for item in ["content", "stepwise.yml"] {
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(item), to: folder.url.appendingPathComponent(item))
        }
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("templates"))
        if !escaping {
            let url = folder.url.appendingPathComponent(Self.tour)
            let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "![Outside](../../../../outside.png)", with: "Outside.")
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func media(_ folder: TemporaryDirectory) throws -> [String] {
        try SiteProject.files(in: folder.url.appendingPathComponent("generated/site")).keys.filter { $0.hasPrefix("media/") }.sorted()
    }

    @Test("build copies each image once under its content hash and reports the ones that cannot be shown at path:line:col")
    func build() throws {
        let folder = try project()
        let result = runStepwise(["build", "--root", folder.url.path])
        #expect(result.status == 1, "the image leaving the content root is an error")
        #expect(result.error.contains("content/en-us/articles/media-tour/tour.md:39:1: warning: image 'media/tour/missing.png' not found: no file content/en-us/articles/media-tour/media/tour/missing.png [image-missing]"), "\(result.error)")
        #expect(result.error.contains("content/en-us/articles/media-tour/tour.md:41:1: error: image '../../../../outside.png' leaves the content root"))
        #expect(result.error.contains("content/fr-fr/articles/media-tour/tour.md:12:1: warning: image 'media/tour/absente.png' not found"))
        let media = try media(folder)
        #expect(media.count == 4, "screen (en-us and its identical fr-fr copy), photo, icon, badge: \(media)")
        #expect(media.allSatisfy { $0.wholeMatch(of: /media\/[0-9a-f]{16}-(screen\.png|photo\.jpg|icon\.svg|badge\.gif)/) != nil }, "\(media)")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(entries == ["content", "generated", "stepwise.yml", "templates"] || entries == [".stepwise", "content", "generated", "stepwise.yml", "templates"],
                "nothing written outside generated/ (and the cache): \(entries)")
    }

    @Test("check reports image-missing as a warning (status 0) and an escaping image as an error (status 1), in every format")
    func check() throws {
        let clean = try project(escaping: false)
        let text = runStepwise(["check", "--root", clean.url.path, "content"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("content/en-us/articles/media-tour/tour.md:39:1: warning: image 'media/tour/missing.png' not found"), "\(text.output)")
        #expect(runStepwise(["check", "--root", clean.url.path, "content", "--fail-on", "warning"]).status == 1)
        let sarif = runStepwise(["check", "--root", clean.url.path, "content", "--format", "sarif"]).output
        #expect(sarif.contains("\"id\" : \"image-missing\"") || sarif.contains("\"id\":\"image-missing\""), "the rule is described in the SARIF log")
        let escaping = try project()
        let json = runStepwise(["check", "--root", escaping.url.path, "content", "--format", "json"])
        #expect(json.status == 1)
        #expect(json.output.contains("\"rule\" : \"image-escapes-root\"") || json.output.contains("\"rule\":\"image-escapes-root\""), "\(json.output.prefix(400))")
    }

    @Test("a changed image is copied again under its new name and its pages re-rendered; the site equals an uncached build")
    func changedImage() throws {
        let folder = try project(escaping: false)
        #expect(runStepwise(["build", "--root", folder.url.path]).status == 0)
        let before = try media(folder)
        let page = folder.url.appendingPathComponent("generated/site/en-us/articles/media-tour/tour.html")
        let gif = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/media-project/content/en-us/includes/media/shared/badge.gif")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent(Self.screen))
        try FileManager.default.copyItem(at: gif, to: folder.url.appendingPathComponent(Self.screen))
        let warm = runStepwise(["build", "--root", folder.url.path])
        #expect(warm.status == 0 && !warm.output.contains("2 pages kept"), "\(warm.output)")
        let after = try media(folder)
        #expect(after != before && after.count == before.count + 1, "the French copy keeps the old bytes: \(before) → \(after)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("alt=\"the console\" title=\"Console\" width=\"16\" height=\"16\""), "the new size")
        let site = try SiteProject.files(in: folder.url.appendingPathComponent("generated/site"))
        #expect(runStepwise(["build", "--root", folder.url.path, "--no-cache"]).status == 0)
        #expect(try SiteProject.files(in: folder.url.appendingPathComponent("generated/site")) == site)
    }

    @Test("an image added where a missing one pointed is picked up by the next (cached) build")
    func addedImage() throws {
        let folder = try project(escaping: false)
        _ = runStepwise(["build", "--root", folder.url.path])
        let missing = folder.url.appendingPathComponent("content/en-us/articles/media-tour/media/tour/missing.png")
        try FileManager.default.copyItem(at: folder.url.appendingPathComponent(Self.screen), to: missing)
        let result = runStepwise(["build", "--root", folder.url.path])
        #expect(!result.error.contains("missing.png"), "\(result.error)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("generated/site/en-us/articles/media-tour/tour.html"), encoding: .utf8)
        #expect(html.contains("alt=\"Not there\" width=\"64\" height=\"40\""))
    }

    @Test("shards of the media project merge into the whole build's site byte for byte, media included", arguments: [1, 2])
    func shards(count: Int) throws {
        let folder = try project(escaping: false)
        #expect(runStepwise(["build", "--root", folder.url.path, "--no-cache"]).status == 0)
        let whole = try SiteProject.files(in: folder.url.appendingPathComponent("generated/site"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("generated/site"))
        let parts = (1...count).map { index in
            _ = runStepwise(["build", "--root", folder.url.path, "--shard", "\(index)/\(count)"])
            return folder.url.appendingPathComponent("generated/site-parts/\(index)-of-\(count)").path
        }
        #expect(runStepwise(["merge", "--root", folder.url.path] + parts).status == 0)
        let merged = try SiteProject.files(in: folder.url.appendingPathComponent("generated/site"))
        #expect(merged.keys.filter { $0.hasPrefix("media/") }.count == 4)
        #expect(merged == whole)
    }
}
