import Foundation
import StepwiseTestSupport
import Testing

/// `stepwise check` on code references (`Fixtures/code-references`): broken references are findings
/// at their line, a translation showing other code than its source is `code-ref-drift`, and a code
/// file is part of the cache key of every document that references it.
@Suite(.serialized) struct CodeReferenceCheckTests {
    final class Project: @unchecked Sendable {
        let folder: TemporaryDirectory
        var content: URL { folder.url.appendingPathComponent("docs") }

        init() throws {
            folder = try TemporaryDirectory()
            try FileManager.default.copyItem(
                at: RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/code-references/content"), to: content)
            try folder.write("project/stepwise.yml", "defaultLocale: en-us\n")
        }

        func check(_ extra: [String] = []) -> String {
            runStepwise(["check", content.path, "--content-root", content.path, "--root", folder.url.appendingPathComponent("project").path,
                         "--no-baseline", "--format", "json"] + extra).output
        }

        /// `rule` and line of every finding in documents whose path ends with `suffix`.
        func findings(_ output: String, in suffix: String) throws -> [String] {
            try WorkspaceCommandTests.CheckOutput(output).findings
                .filter { ($0["path"] as? String)?.hasSuffix(suffix) == true }
                .map { "\($0["rule"] ?? "-"):\($0["line"] ?? "-")" }.sorted()
        }

        /// Rewrites every stored finding message to `marker`: a report showing it was taken from the cache.
        func tamper(_ marker: String) throws {
            let cache = folder.url.appendingPathComponent("project/.stepwise/cache/check")
            // The record of the last run is not replayed: the next run reads the cache.
            try? FileManager.default.removeItem(at: cache.deletingLastPathComponent().appendingPathComponent("check-run.bin"))
            for bucket in try FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil) where bucket.lastPathComponent.hasPrefix("shares-") {
                try CacheFiles.replaceStrings(forKey: "message", in: bucket, with: marker)
            }
        }

        func messages(_ output: String, in suffix: String) throws -> [String] {
            try WorkspaceCommandTests.CheckOutput(output).findings
                .filter { ($0["path"] as? String)?.hasSuffix(suffix) == true }.compactMap { $0["message"] as? String }
        }
    }

    @Test("a missing file, a path leaving the root, a range past the end and a missing region are findings at their line")
    func brokenReferences() throws {
        let project = try Project()
        let findings = try project.findings(project.check(["--no-cache"]), in: "en-us/articles/demo/broken.md")
        #expect(findings == ["code-ref-missing:12", "code-ref-missing:6", "code-ref-range:8", "code-ref-region:10"])
    }

    @Test("a translation whose reference shows other lines than the source's is code-ref-drift; equal code is not")
    func translationDrift() throws {
        let project = try Project()
        let output = project.check(["--no-cache"])
        #expect(try project.findings(output, in: "de-de/articles/demo/app.md") == ["code-ref-drift:13"])
        let message = try #require(try project.messages(output, in: "de-de/articles/demo/app.md").first)
        #expect(message.contains("Program.cs:11-13") && message.contains("Program.cs:11"))
    }

    @Test("a folder outside the content root is read only when stepwise.yml names it in codeRoots")
    func codeRoots() throws {
        let project = try Project()
        try project.folder.write("samples/Outside.cs", "class Outside {}\n")
        try project.folder.write("docs/en-us/articles/demo/outside.md", "# Outside\n\n[!code-csharp[main](../../../../samples/Outside.cs)]\n")
        #expect(try project.findings(project.check(["--no-cache"]), in: "outside.md") == ["code-ref-missing:3"])
        try project.folder.write("project/stepwise.yml", "defaultLocale: en-us\ncodeRoots: [../samples]\n")
        #expect(try project.findings(project.check(["--no-cache"]), in: "outside.md") == [])
    }

    @Test("on the page, a translated reference showing other lines than the source's has a drift badge")
    func driftBadge() throws {
        let project = try SiteProject()
        let fixture = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/code-references/content")
        for path in ["en-us/articles/demo/app.md", "de-de/articles/demo/app.md", "en-us/code/Program.cs"] {
            let target = project.folder.url.appendingPathComponent("content/" + path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: fixture.appendingPathComponent(path), to: target)
        }
        #expect(project.build().status == 0)
        let page = try String(contentsOf: project.site.appendingPathComponent("de-de/articles/demo/app.html"), encoding: .utf8)
        let badges = page.matches(of: /<div class="badge badge-([a-z-]+)">/).map { String($0.output.1) }
        #expect(badges == ["matches-source", "drift", "matches-source"])
        // The note in the page's language, each side naming its own code file (templates/strings/de-de.yml).
        #expect(page.contains("Zeigt Code aus content/en-us/code/Program.cs:11-13; in der Quelle (en-us): Code aus content/en-us/code/Program.cs:11"))
    }

    @Test("editing a referenced code file re-checks the documents that reference it; the report equals a run without the cache")
    func codeFileEdited() throws {
        let project = try Project()
        _ = project.check()
        try project.tamper("FROM-CACHE")
        let program = project.content.appendingPathComponent("en-us/code/Program.cs")
        let text = try String(contentsOf: program, encoding: .utf8)
        try (text + String(repeating: "// padding\n", count: 30)).write(to: program, atomically: true, encoding: .utf8)
        let warm = project.check()
        #expect(!warm.contains("FROM-CACHE"), "every document references Program.cs")
        #expect(try !project.findings(warm, in: "broken.md").contains("code-ref-range:8"), "the range now fits")
        #expect(warm == project.check(["--no-cache"]))
    }

    @Test("a document is reused while its missing code file stays missing, and re-checked once the file is added")
    func missingFileAdded() throws {
        let project = try Project()
        _ = project.check()
        try project.tamper("FROM-CACHE")
        #expect(try project.messages(project.check(), in: "broken.md").allSatisfy { $0 == "FROM-CACHE" })
        try project.folder.write("docs/en-us/code/Missing.cs", "class Missing {}\n")
        let warm = project.check()
        #expect(try project.messages(warm, in: "broken.md").allSatisfy { $0 != "FROM-CACHE" })
        #expect(try !project.findings(warm, in: "broken.md").contains("code-ref-missing:6"))
        #expect(try project.messages(warm, in: "de-de/articles/demo/app.md").allSatisfy { $0 == "FROM-CACHE" }, "an unrelated document is reused")
    }

    @Test("a translation's missing code file is re-checked once the default locale gets it")
    func fallbackFileAdded() throws {
        let project = try Project()
        try project.folder.write("docs/de-de/articles/demo/late.md", "# Spät\n\n[!code-csharp[main](../../code/Late.cs)]\n")
        _ = project.check()
        #expect(try project.findings(project.check(), in: "late.md").filter { $0.hasPrefix("code-ref") } == ["code-ref-missing:3"])
        try project.folder.write("docs/en-us/code/Late.cs", "class Late {}\n")
        #expect(try project.findings(project.check(), in: "late.md").filter { $0.hasPrefix("code-ref") } == [])
    }
}
