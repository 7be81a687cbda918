import Foundation
import StepwiseTestSupport
@testable import StepwiseCommands
import Testing

/// The check's cache reuses the share of the report of every document whose files did not change and
/// re-checks the others; whatever it reuses, the report is exactly that of a run without it.
@Suite(.serialized) struct CheckCacheTests {
    /// A project whose content is outside its root (so no generated output is compared): the bundled
    /// tutorial in four locales and a real DocFX sample in two, with includes shared between documents.
    final class Project: @unchecked Sendable {
        let folder: TemporaryDirectory
        var content: URL { folder.url.appendingPathComponent("docs") }
        var cache: URL { folder.url.appendingPathComponent("project/.stepwise/cache/check") }
        var index: URL { cache.appendingPathComponent("index.bin") }

        /// The files holding the stored shares.
        func buckets() throws -> [URL] {
            try FileManager.default.contentsOfDirectory(at: cache, includingPropertiesForKeys: nil).filter { $0.lastPathComponent.hasPrefix("shares-") }
        }

        init() throws {
            folder = try TemporaryDirectory()
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("content"), to: content)
            let sample = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample/content")
            for locale in ["fr-fr", "es-es"] {
                for file in try FileManager.default.subpathsOfDirectory(atPath: sample.appendingPathComponent(locale).path) where file.hasSuffix(".md") {
                    let target = content.appendingPathComponent("\(locale)/\(file)")
                    try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    if !FileManager.default.fileExists(atPath: target.path) {
                        try FileManager.default.copyItem(at: sample.appendingPathComponent("\(locale)/\(file)"), to: target)
                    }
                }
            }
            try folder.write("project/stepwise.yml", "defaultLocale: en-us\n")
        }

        /// False (these tests): every check runs, the record of the last run deleted first — the tests
        /// alter the caches below it, whose outputs a slow test run would otherwise record and replay.
        /// `RunRecordTests` set it.
        var replays = false

        func check(_ extra: [String] = [], format: String = "json") -> String {
            if !replays { try? FileManager.default.removeItem(at: record) }
            return runStepwise(["check", content.path, "--content-root", content.path, "--root", folder.url.appendingPathComponent("project").path,
                         "--no-baseline", "--format", format] + extra).output
        }

        func append(_ path: String, _ text: String) throws {
            let url = content.appendingPathComponent(path)
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
        }

        /// The record of the last run (see `RunRecord`): deleted when the cache is tampered with,
        /// so that the next run reads the cache rather than replay what the last one printed.
        var record: URL { folder.url.appendingPathComponent("project/.stepwise/cache/check-run.bin") }

        /// Rewrites every stored finding message to `marker`: a report showing the marker was taken from the cache.
        func tamper(_ marker: String) throws {
            try? FileManager.default.removeItem(at: record)
            var changed = 0
            for bucket in try buckets() where try CacheFiles.replaceStrings(forKey: "message", in: bucket, with: marker) { changed += 1 }
            #expect(changed > 0)
        }
    }

    static let german = "de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
    static let spanishSample = "es-es/articles/active-directory/develop/GuidedSetups/active-directory-ios.md"

    @Test("cold and warm runs print exactly what a run without the cache prints, in every format")
    func equality() throws {
        let project = try Project()
        for format in ["json", "sarif", "text"] {
            let plain = project.check(["--no-cache"], format: format)
            #expect(plain.count > 5_000)
            #expect(project.check(format: format) == plain, "\(format), cold")
            #expect(project.check(format: format) == plain, "\(format), warm")
        }
        #expect(FileManager.default.fileExists(atPath: project.index.path))
        #expect(try project.buckets().count == CheckCache.buckets)
    }

    @Test("an edited page is re-checked; every other document's findings come from the cache")
    func pageEdited() throws {
        let project = try Project()
        _ = project.check()
        try project.tamper("FROM-CACHE")
        try project.append(Self.german, "\nDas ist ein neuer Satz mit hello for the Fehler.\n")
        let warm = project.check()
        let findings = try WorkspaceCommandTests.CheckOutput(warm).findings
        let german = findings.filter { ($0["document"] as? String)?.hasSuffix(Self.german) == true }
        #expect(!german.isEmpty && german.allSatisfy { $0["message"] as? String != "FROM-CACHE" }, "the edited page is checked afresh")
        #expect(findings.contains { ($0["document"] as? String)?.hasSuffix(Self.spanishSample) == true && $0["message"] as? String == "FROM-CACHE" },
                "an unrelated document is reused")
    }

    @Test("an edited include re-checks the documents that read it, and the result equals a full run")
    func includeEdited() throws {
        let project = try Project()
        _ = project.check()
        try project.append("es-es/includes/active-directory-develop-guidedsetup-ios-setup.md", "\nTexto nuevo con hello for the error.\n")
        #expect(project.check() == project.check(["--no-cache"]))
        try project.tamper("FROM-CACHE")
        try project.append("es-es/includes/active-directory-develop-guidedsetup-ios-setup.md", "\nOtra frase.\n")
        let findings = try WorkspaceCommandTests.CheckOutput(project.check()).findings
        #expect(!findings.contains { ($0["document"] as? String)?.hasSuffix(Self.spanishSample) == true && $0["message"] as? String == "FROM-CACHE" })
        #expect(findings.contains { ($0["document"] as? String)?.hasSuffix(Self.german) == true && $0["message"] as? String == "FROM-CACHE" })
    }

    @Test("an edited include shared by two documents re-checks both, whichever was found changed first")
    func sharedIncludeEdited() throws {
        let project = try Project()
        // A second Spanish document reading the same include: the warm check stamps the include once
        // for both (documents are decided in runs that remember the files they stamped).
        let copy = Self.spanishSample.replacingOccurrences(of: ".md", with: "-copy.md")
        try FileManager.default.copyItem(at: project.content.appendingPathComponent(Self.spanishSample), to: project.content.appendingPathComponent(copy))
        _ = project.check()
        try project.tamper("FROM-CACHE")
        try project.append("es-es/includes/active-directory-develop-guidedsetup-ios-setup.md", "\nOtra frase.\n")
        let warm = project.check()
        let findings = try WorkspaceCommandTests.CheckOutput(warm).findings
        for document in [Self.spanishSample, copy] {
            #expect(findings.contains { ($0["document"] as? String)?.hasSuffix(document) == true }, "\(document) has findings")
            #expect(!findings.contains { ($0["document"] as? String)?.hasSuffix(document) == true && $0["message"] as? String == "FROM-CACHE" },
                    "\(document) is checked again")
        }
        #expect(findings.contains { ($0["document"] as? String)?.hasSuffix(Self.german) == true && $0["message"] as? String == "FROM-CACHE" })
    }

    @Test("a translated include is compared with its source-locale counterpart, also when only its document is re-checked")
    func includeCounterpart() throws {
        // The current en-us tutorial inlines what the fr-fr one includes; only the 2014 edition reads
        // the en-us include. A check of the French document alone must still compare the French include
        // with the en-us include at the same place, as a full run does.
        let project = try Project()
        _ = project.check()
        try project.append("fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md", "\nUne phrase de plus.\n")
        let warm = project.check()
        #expect(warm == project.check(["--no-cache"]))
        let stale = try WorkspaceCommandTests.CheckOutput(warm).findings.filter {
            $0["rule"] as? String == "sentence-stale" && ($0["path"] as? String)?.hasSuffix("fr-fr/includes/notification-hubs-aspnet-backend-notifyusers.md") == true
        }
        #expect(stale.count > 50, "the French include's embedded English sentences are compared with the en-us include")

        try project.append("en-us/includes/notification-hubs-aspnet-backend-notifyusers.md", "\nA sentence added to the source include.\n")
        #expect(project.check() == project.check(["--no-cache"]), "an edited counterpart re-checks the translations of it")
    }

    @Test("an edited source re-checks its translations")
    func sourceEdited() throws {
        let project = try Project()
        _ = project.check()
        try project.tamper("FROM-CACHE")
        try project.append("en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md", "\n```csharp\nvar added = 1;\n```\n")
        let findings = try WorkspaceCommandTests.CheckOutput(project.check()).findings
        let german = findings.filter { ($0["document"] as? String)?.hasSuffix(Self.german) == true }
        #expect(!german.isEmpty && german.allSatisfy { $0["message"] as? String != "FROM-CACHE" })
    }

    @Test("a warm check takes the link findings of unchanged documents from the link cache; an edited document's links are checked again")
    func linksFromCache() throws {
        let project = try Project()
        let plain = project.check(["--no-cache"])
        #expect(project.check() == plain)
        let links = project.folder.url.appendingPathComponent("project/.stepwise/cache/links.bin")
        #expect(try CacheFiles.replaceStrings(forKey: "message", in: links, with: "LINK-FROM-CACHE"))
        try? FileManager.default.removeItem(at: project.record)
        #expect(project.check().contains("LINK-FROM-CACHE"), "stored link findings are reused")
        try FileManager.default.removeItem(at: links)
        #expect(project.check() == plain, "a deleted link cache is rebuilt")
        try project.append(Self.german, "\n[Ein Link](nirgendwo.md)\n")
        let edited = project.check()
        #expect(edited.contains("nirgendwo.md") && edited != plain)
        #expect(edited == project.check(["--no-cache"]))
    }

    @Test("an image a document shows that was missing re-checks the document once it exists; the others are reused")
    func missingImageAdded() throws {
        let project = try Project()
        try project.append(Self.german, "\n![Ein neues Bild](media/neu/bild.png)\n")
        #expect(project.check().contains("bild.png"))
        try project.tamper("FROM-CACHE")
        try project.folder.write("docs/\((Self.german as NSString).deletingLastPathComponent)/media/neu/bild.png", "not really a PNG")
        let findings = try WorkspaceCommandTests.CheckOutput(project.check()).findings
        let german = findings.filter { ($0["document"] as? String)?.hasSuffix(Self.german) == true }
        #expect(!german.isEmpty && german.allSatisfy { $0["message"] as? String != "FROM-CACHE" }, "the page is checked afresh")
        #expect(findings.contains { $0["message"] as? String == "FROM-CACHE" }, "the others are reused")
    }

    @Test("many files edited at once (a branch checked out): a document whose include is one of them is re-checked, and the result equals a full run")
    func manyEdited() throws {
        let project = try Project()
        _ = project.check()
        try project.tamper("FROM-CACHE")
        let content = project.content.path
        let files = try FileManager.default.subpathsOfDirectory(atPath: content).filter { $0.hasSuffix(".md") && $0 != Self.spanishSample }.sorted()
        #expect(files.count > 20)
        for file in files { try project.append(file, "\nUne phrase ajoutée.\n") }
        let findings = try WorkspaceCommandTests.CheckOutput(project.check()).findings
        #expect(!findings.contains { $0["message"] as? String == "FROM-CACHE" && ($0["document"] as? String)?.hasSuffix(Self.spanishSample) == true },
                "the document whose include changed is checked afresh")
        #expect(project.check() == project.check(["--no-cache"]))
    }

    @Test("a bucket of another generation than the index's (a run killed after writing it, before its index) is not used")
    func bucketGeneration() throws {
        let project = try Project()
        _ = project.check()
        let buckets = try project.buckets()
        let before = try buckets.map { try Data(contentsOf: $0) }
        try project.append(Self.german, "\nDas ist ein neuer Satz mit hello for the Fehler.\n")
        let edited = project.check()
        #expect(edited == project.check(["--no-cache"]))
        // The buckets of the first run put back: the edited page's holds its share from before the edit,
        // whose files the index (written by the second run) does not tell from the current ones.
        for (bucket, data) in zip(buckets, before) { try data.write(to: bucket) }
        #expect(project.check() == edited)
    }

    @Test("a changed configuration, another tool build, a new file or a damaged cache: everything is checked again")
    func invalidatesEverything() throws {
        let project = try Project()
        let plain = project.check(["--no-cache"])
        _ = project.check()
        try project.tamper("FROM-CACHE")
        try project.folder.write("project/stepwise.yml", "defaultLocale: en-us\n# edited\n")
        #expect(project.check() == plain, "configuration")

        try project.tamper("FROM-CACHE")
        try CacheFiles.replaceStrings(forKey: "key", in: project.index, with: "another-build")
        #expect(project.check() == plain, "a cache written by another tool build or options")

        try project.tamper("FROM-CACHE")
        try project.folder.write("docs/fr-fr/includes/new-include.md", "Nouveau.\n")
        #expect(!project.check().contains("FROM-CACHE"), "a new file may resolve a missing include")

        let plainAgain = project.check(["--no-cache"])
        for file in try project.buckets().prefix(5) + [project.index] { try Data("{ not json".utf8).write(to: file) }
        #expect(project.check() == plainAgain, "a damaged index is ignored and the cache rewritten")
        #expect(project.check() == plainAgain)
        try project.tamper("FROM-CACHE")
        try Data("{ not json".utf8).write(to: try #require(project.buckets().first))
        #expect(project.check().contains("FROM-CACHE"), "a damaged bucket loses only its own shares")
        let bucket = try #require(project.buckets().first)
        let whole = try Data(contentsOf: bucket)
        try whole.prefix(whole.count / 2).write(to: bucket)
        #expect(project.check().contains("FROM-CACHE"), "a truncated bucket (a run killed while writing it) loses only its own shares")
        try FileManager.default.removeItem(at: project.cache)
        #expect(project.check() == plainAgain, "a deleted cache is rebuilt")
    }
}
