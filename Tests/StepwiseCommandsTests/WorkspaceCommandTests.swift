import Foundation
import StepwiseTestSupport
import Testing

/// Real repositories: partial checks agree with full ones, baselines survive partial updates, any
/// docs tree builds, and the configuration is read strictly.
@Suite(.serialized) struct WorkspaceCommandTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    /// The findings of a JSON check: each as one comparable line, with the document that found it.
    struct CheckOutput {
        var findings: [[String: Any]]
        var checkedFiles: Set<String>

        init(_ json: String) throws {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            findings = try #require(object["findings"] as? [[String: Any]])
            checkedFiles = Set(try #require(object["checkedFiles"] as? [String]))
        }

        static func line(_ finding: [String: Any]) -> String {
            ["path", "line", "column", "severity", "rule", "message", "document"].map { "\(finding[$0] ?? "-")" }.joined(separator: "|")
        }

        /// The findings a run covering `documents` and `files` must report: those found for one of
        /// the documents, and those about one of the files alone.
        func covering(_ documents: Set<String>, files: Set<String>) -> [String] {
            findings.filter { finding in
                if let document = finding["document"] as? String { return documents.contains(document) }
                return files.contains(finding["path"] as? String ?? "")
            }.map(Self.line).sorted()
        }

        var lines: [String] { findings.map(Self.line).sorted() }
    }

    /// Checks `paths` and the whole tree below `root`; the partial run's findings must be exactly
    /// the full run's findings for the documents it covered.
    func expectPartialEqualsFull(root: URL, content: String, paths: [String], documents: Set<String>, extra: [String] = []) throws {
        let base = ["check", "--root", root.path, "--no-baseline", "--format", "json", "--fail-on", "never"] + extra
        let full = try CheckOutput(runStepwise(base + [content]).output)
        let partial = try CheckOutput(runStepwise(base + paths).output)
        #expect(!partial.findings.isEmpty, "a comparison of nothing proves nothing")
        #expect(Set(partial.findings.compactMap { $0["document"] as? String }).isSubset(of: documents))
        #expect(partial.lines == full.covering(documents, files: partial.checkedFiles))
    }

    @Test("checking one translated file gives exactly the full check's findings for it")
    func singleFileAgrees() throws {
        try expectPartialEqualsFull(root: RepositoryFiles.root, content: "content", paths: [Self.german], documents: [Self.german])
    }

    @Test("checking one locale folder gives exactly the full check's findings for its documents")
    func localeFolderAgrees() throws {
        let swedish = "content/sv-se/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
        try expectPartialEqualsFull(root: RepositoryFiles.root, content: "content", paths: ["content/sv-se"], documents: [swedish])
    }

    @Test("on a sample of a real DocFX repository, one Spanish file checked against French agrees with the full check")
    func corpusSampleAgrees() throws {
        let root = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")
        let spanish = "content/es-es/articles/active-directory/develop/GuidedSetups/active-directory-ios.md"
        try expectPartialEqualsFull(root: root, content: "content", paths: [spanish], documents: [spanish], extra: ["--source-locale", "fr-fr"])
    }

    @Test("a real DocFX sample: backslash and ~/ include paths resolve, missing includes are reported once each")
    func corpusSamplePaths() throws {
        let root = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")
        let result = runStepwise(["extract", "--root", root.path, "content/es-es"])
        #expect(result.status == 1)
        let lines = result.error.split(separator: "\n").map(String.init)
        let errors = lines.filter { $0.contains(": error: ") }
        #expect(errors.count == 3, "\(errors)")
        #expect(lines.filter { !errors.contains($0) } == [
            "content/es-es/includes/active-directory-develop-guidedsetup-ios-introduction.md:14:1: warning: image 'media/active-directory-develop-guidedsetup-ios-introduction/iosintro.png' not found: no file content/es-es/includes/media/active-directory-develop-guidedsetup-ios-introduction/iosintro.png [image-missing]",
        ], "the sample's one image, whose file the corpus does not ship")
        #expect(errors.allSatisfy { $0.hasSuffix("[include-missing]") })
        #expect(errors.contains { $0.hasPrefix("content/es-es/articles/active-directory/develop/GuidedSetups/active-directory-ios.md:28:1: error: include '5. Test and Validate' not found") })
        #expect(!result.error.contains("leaves the content root"))
        let models = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(models.count == 2, "both documents are modelled despite their missing includes")
        let ios = try #require(models.first { ($0["source"] as? String)?.hasSuffix("active-directory-ios.md") == true })
        let resolved = try #require(ios["includes"] as? [[String: Any]]).compactMap { $0["resolvedTo"] as? String }.filter { !$0.isEmpty }
        #expect(resolved == ["introduction", "setup", "use", "configure"].map { "content/es-es/includes/active-directory-develop-guidedsetup-ios-\($0).md" })
    }

    @Test("a broken include shared by two documents is reported once, and a check of the second document alone agrees")
    func sharedIncludeProblem() throws {
        let directory = try TemporaryDirectory.sharedBrokenInclude()
        let b = "content/en-us/articles/b.md"
        try expectPartialEqualsFull(root: directory.url, content: "content", paths: [b], documents: [b])
        let full = try CheckOutput(runStepwise(["check", "--root", directory.url.path, "--no-baseline", "--format", "json", "content"]).output)
        #expect(full.findings.filter { $0["rule"] as? String == "include-missing" }.count == 1)
    }

    @Test("a baseline updated by a partial check keeps every entry of the files it did not check")
    func partialBaselineUpdateKeepsOthers() throws {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        #expect(runStepwise(in: directory, ["check", "content", "--update-baseline"]).status == 0)
        let url = directory.url.appendingPathComponent(".stepwise/baseline.json")
        let before = try entries(url)
        #expect(before.count > 100)
        let update = runStepwise(in: directory, ["check", Self.german, "--update-baseline"])
        #expect(update.status == 0)
        #expect(try entries(url) == before, "the German entries are rewritten as they were; every other entry is kept")
        #expect(runStepwise(in: directory, ["check", "content"]).status == 0)
    }

    /// A scratch project holding only the repository's templates: the test writes its own content.
    private func projectWithTemplates() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: directory.url.appendingPathComponent("templates"))
        return directory
    }

    private func entries(_ url: URL) throws -> [String] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]]).map { "\($0["path"]!)|\($0["rule"]!)|\($0["fingerprint"]!)" }
    }

    @Test("build works on a docs tree without the contract tutorial: the contract stage is skipped with a note")
    func buildWithoutContract() throws {
        let directory = try projectWithTemplates()
        try directory.write("content/en-us/articles/guide/start.md", "---\ntitle: Start\nms.assetid: start-1\n---\n# Start here\n\n1. Add this to **App.cs**:\n\n        var app = 1;\n")
        try directory.write("content/es-es/articles/guide/start.md", "---\ntitle: Inicio\nms.assetid: start-1\n---\n# Empiece aquí\n\n1. Agregue esto a **App.cs**:\n\n        var app = 2;\n")
        let result = runStepwise(["build", "--root", directory.url.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("the swift contract stage is skipped"))
        #expect(result.output.contains("[1/1] site"))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("generated/swift").path))
        let page = try String(contentsOf: directory.url.appendingPathComponent("generated/site/es-es/articles/guide/start.html"), encoding: .utf8)
        #expect(page.contains("badge-drift"), "the Spanish sample differs from the English one")
    }

    @Test("a configured contract tutorial that does not exist is an error naming the configuration")
    func missingContractTutorial() throws {
        let directory = try projectWithTemplates()
        try directory.write("content/en-us/articles/start.md", "# Start\n")
        try directory.write("stepwise.yml", "contract:\n  tutorial: en-us/articles/nope.md\n")
        let result = runStepwise(["build", "--root", directory.url.path])
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("stepwise.yml:1:1: error: contract.tutorial 'en-us/articles/nope.md' is not a readable document"))
    }

    @Test("build lists a document that cannot be read on the drift report and builds the others")
    func buildKeepsGoing() throws {
        let directory = try projectWithTemplates()
        try directory.write("content/en-us/articles/good.md", "# Good\n\n[!INCLUDE [gone](../includes/gone.md)]\n")
        try directory.write("content/en-us/articles/bad.md", Data([0x23, 0x20, 0xFF, 0x0A]))
        let result = runStepwise(["build", "--root", directory.url.path])
        #expect(result.status == 1)
        #expect(result.error.contains("content/en-us/articles/bad.md:1:3: error: invalid UTF-8 byte sequence (re-encode the file as UTF-8) [file-invalid-utf8]"))
        #expect(result.error.contains("content/en-us/articles/good.md:3:1: error: include 'gone' not found"))
        let site = directory.url.appendingPathComponent("generated/site")
        let good = try String(contentsOf: site.appendingPathComponent("en-us/articles/good.html"), encoding: .utf8)
        #expect(good.contains("callout-missing") && good.contains("gone.md"), "the missing include is a visible placeholder")
        let report = try String(contentsOf: site.appendingPathComponent("drift-report.html"), encoding: .utf8)
        #expect(report.contains("content/en-us/articles/bad.md:1:3"))
        #expect(runStepwise(["build", "--root", directory.url.path, "--fail-on", "never"]).status == 0)
    }

    @Test("an unknown key or broken YAML in stepwise.yml stops the run with its place and the closest known key", arguments: [
        ("defaultLocal: en-us\n", "stepwise.yml:1:1: error: unknown key “defaultLocal” in the configuration; did you mean “defaultLocale”?"),
        ("contract:\n  tutorail: x.md\n", "stepwise.yml:2:3: error: unknown key “tutorail” in contract; did you mean “tutorial”?"),
        ("check:\n  rules:\n    code-drift: { severity: loud, reason: x }\n", "stepwise.yml:3:29: error: unknown severity “loud”"),
        ("defaultLocale: en-us\ncontract: [x\n", "stepwise.yml:3:1: error: not valid YAML: did not find expected ',' or ']'"),
        ("a: 1\n  b: [x\n", "stepwise.yml:2:4: error: not valid YAML: mapping values are not allowed in this context"),
    ])
    func strictConfiguration(yaml: String, expected: String) throws {
        let directory = try TemporaryDirectory()
        try directory.write("content/en-us/articles/start.md", "# Start\n")
        try directory.write("stepwise.yml", yaml)
        for command in ["check", "build", "extract"] {
            let result = runStepwise([command, "--root", directory.url.path] + (command == "build" ? [] : ["content"]))
            #expect(result.status == 2, "\(command)")
            #expect(result.error.hasPrefix(expected), "\(command): \(result.error)")
        }
    }
}
