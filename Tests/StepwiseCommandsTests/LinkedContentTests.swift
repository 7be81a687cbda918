import Foundation
import StepwiseTestSupport
import Testing

/// A project whose `content/` is a link to a folder elsewhere (a documentation repository linked into
/// the project) is read with `content/` as its content root, as a folder there is: each document's
/// locale is its locale folder, never a folder below it that looks like a locale (`app-service`).
@Suite struct LinkedContentTests {
    /// A project with `content/` (a folder, or a link to one elsewhere) holding one tutorial in two
    /// locales, in a folder whose name has a locale's shape.
    private func project(linked: Bool) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("templates"))
        _ = try folder.write("project/stepwise.yml", "defaultLocale: fr-fr\n")
        try FileManager.default.moveItem(at: folder.url.appendingPathComponent("templates"), to: folder.url.appendingPathComponent("project/templates"))
        let documents = linked ? "docs" : "project/content"
        for (locale, title) in [("fr-fr", "Vue d’ensemble"), ("es-es", "Información general")] {
            _ = try folder.write("\(documents)/\(locale)/articles/app-service/overview.md",
                                 "---\ntitle: \(title)\nms.assetid: 1c75f17f-5ec5-493a-b906-f543b3b1ea66\n---\n# \(title)\n\n1. Étape.\n")
        }
        if linked {
            try FileManager.default.createSymbolicLink(at: folder.url.appendingPathComponent("project/content"), withDestinationURL: folder.url.appendingPathComponent("docs"))
        }
        return folder
    }

    @Test("build, check and extract read a linked content/ as a content/ folder", arguments: [false, true])
    func linkedContent(linked: Bool) throws {
        let folder = try project(linked: linked)
        let root = folder.url.appendingPathComponent("project").path
        let build = runStepwise(["build", "--root", root])
        #expect(build.status == 0, "\(build.error)")
        for locale in ["fr-fr", "es-es"] {
            #expect(FileManager.default.fileExists(atPath: "\(root)/generated/site/\(locale)/articles/app-service/overview.html"), "\(locale), linked: \(linked)")
        }
        #expect(!FileManager.default.fileExists(atPath: "\(root)/generated/site/app-service"), "no locale made of a folder below the locale")
        let extract = runStepwise(["extract", "\(root)/content/es-es/articles/app-service/overview.md", "--root", root, "--format", "json"])
        #expect(extract.output.contains("\"locale\" : \"es-es\"") && extract.output.contains("\"tutorialPath\" : \"articles/app-service/overview.md\""))
        let check = runStepwise(["check", "--root", root, "\(root)/content", "--no-baseline", "--format", "json"])
        #expect(check.status == 0 && check.output.contains("\"documents\" : 2"), "\(check.error)")
    }
}
