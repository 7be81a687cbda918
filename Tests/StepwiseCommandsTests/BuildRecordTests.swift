import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// A build through the cache is recorded whole (`RunRecord`) once it wrote nothing new: when no
/// input (the content, `templates/`, `stepwise.yml`, every file a document reads) and no file of
/// `generated/` changed, the next build prints the recorded output and writes nothing. Any change
/// builds, and the site is the site of a build without the cache.
@Suite(.serialized) struct BuildRecordTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    static func record(_ project: SiteProject) -> URL {
        project.folder.url.appendingPathComponent(".stepwise/cache/build-run.bin")
    }

    /// Dates every input of the project an hour back, so that no stamp is racy and builds are
    /// recorded (not `generated/`: a page whose stamp changed is one changed by hand, rendered again).
    static func age(_ project: SiteProject) throws {
        let old = Date(timeIntervalSinceNow: -3_600)
        for path in try FileManager.default.subpathsOfDirectory(atPath: project.folder.url.path)
        where !path.hasPrefix(".stepwise") && !path.hasPrefix("generated") {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: project.folder.url.appendingPathComponent(path).path)
        }
    }

    /// The caches below the record deleted, the record kept: a replayed build still says it read
    /// its documents through the cache (`cache: 0 of …`); one that builds reads every document.
    static func dropCachesBelowRecord(_ project: SiteProject) throws {
        let cache = project.folder.url.appendingPathComponent(".stepwise/cache")
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name != "build-run.bin" {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
    }

    /// The site a build without the cache writes from the project's inputs now, in a copy.
    static func uncached(_ project: SiteProject) throws -> [String: Data] {
        let copy = try SiteProject()
        for item in ["content", "templates", "stepwise.yml"] {
            try FileManager.default.removeItem(at: copy.folder.url.appendingPathComponent(item))
            try FileManager.default.copyItem(at: project.folder.url.appendingPathComponent(item), to: copy.folder.url.appendingPathComponent(item))
        }
        #expect(runStepwise(["build", "--root", copy.folder.url.path, "--no-cache"]).status == 0)
        return try SiteProject.files(in: copy.site)
    }

    /// A project built cold, then warm (recorded).
    static func recorded() throws -> (project: SiteProject, warm: (status: Int32, output: String, error: String)) {
        let project = try SiteProject()
        try age(project)
        #expect(project.build().status == 0)
        // The pages just written have racy stamps: a build made once they no longer do (and that
        // writes nothing) is recorded.
        Thread.sleep(forTimeInterval: 2.2)
        let warm = project.build()
        #expect(warm.output.contains("cache: 0 of 5 documents checked again"))
        #expect(FileManager.default.fileExists(atPath: record(project).path), "a build that wrote nothing new is recorded")
        return (project, warm)
    }

    @Test("an unchanged build is replayed: the same output and warnings, the site untouched")
    func replayed() throws {
        let (project, warm) = try Self.recorded()
        let site = try SiteProject.files(in: project.site)
        try Self.dropCachesBelowRecord(project)
        let replayed = project.build()
        #expect(replayed.status == warm.status && replayed.output == warm.output && replayed.error == warm.error)
        #expect(try SiteProject.files(in: project.site) == site)
        try FileManager.default.removeItem(at: Self.record(project))
        #expect(!project.build().output.contains("cache: "), "without the record (and the caches) every document is read")
    }

    /// Builds after `change`: not replayed (the caches below the record are gone, so the build reads
    /// every document), and the site is that of a build without the cache.
    func changed(_ what: Comment, _ change: (SiteProject) throws -> Void) throws {
        let (project, _) = try Self.recorded()
        try Self.dropCachesBelowRecord(project)
        try change(project)
        let result = project.build()
        #expect(result.status == 0, "\(what): \(result.error)")
        #expect(!result.output.contains("cache: "), "\(what): built, not replayed")
        #expect(try SiteProject.files(in: project.site) == (try Self.uncached(project)), "\(what)")
    }

    @Test("an edited page, include, template or configuration is built")
    func inputsEdited() throws {
        func append(_ path: String, _ text: String) -> (SiteProject) throws -> Void {
            { project in
                let url = project.folder.url.appendingPathComponent(path)
                try (try String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
            }
        }
        try changed("page", append(Self.german, "\nEin neuer Satz.\n"))
        try changed("include", append("content/en-us/includes/notification-hubs-aspnet-backend-notifyusers.md", "\nA new sentence.\n"))
        try changed("template", append("templates/foot.mustache", "\n<!-- edited -->\n"))
        try changed("configuration", append("stepwise.yml", "\n# edited\n"))
    }

    @Test("a new or deleted page, or a deleted or edited output, is built")
    func filesAddedOrDeleted() throws {
        try changed("new page") { try $0.folder.write("content/sv-se/articles/ny-sida.md", "---\ntitle: Ny\n---\n# Ny\n\nText.\n") }
        try changed("deleted page") { try FileManager.default.removeItem(at: $0.folder.url.appendingPathComponent(Self.german)) }
        try changed("deleted output") { try FileManager.default.removeItem(at: $0.site.appendingPathComponent("404.html")) }
        try changed("edited output") { try Data("edited".utf8).write(to: $0.site.appendingPathComponent("index.html")) }
    }

    @Test("what a build writes in generated/ changes the folder times a record is refused by, however long ago: a site swapped in, a contract file replaced or removed; nothing written changes none")
    func outputFolderTimes() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        #expect(RunRecord.folderTimes(generated.path).isEmpty, "no generated/ yet")
        let swift = generated.appendingPathComponent("swift"), site = generated.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: swift, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: swift.appendingPathComponent("Routes.swift"), options: .atomic)
        try Data("<p>".utf8).write(to: site.appendingPathComponent("index.html"))
        // Every time an hour back: a change made now is a change, not a racy stamp.
        let old = Date(timeIntervalSinceNow: -3_600)
        for folder in [generated, swift, site] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path) }
        let before = RunRecord.folderTimes(generated.path)
        #expect(before.keys.sorted() == [generated.path, site.path, swift.path])
        #expect(RunRecord.folderTimes(generated.path) == before, "nothing written")
        try Data("b".utf8).write(to: swift.appendingPathComponent("Routes.swift"), options: .atomic)
        let replaced = RunRecord.folderTimes(generated.path)
        #expect(replaced != before && replaced[generated.path] == before[generated.path], "a contract file replaced")
        for folder in [swift] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.path) }
        #expect(RunRecord.folderTimes(generated.path) == before)
        let draft = generated.appendingPathComponent("tmp-site-1")
        try FileManager.default.createDirectory(at: draft, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: site)
        try FileManager.default.moveItem(at: draft, to: site)
        #expect(RunRecord.folderTimes(generated.path)[generated.path] != before[generated.path], "a site swapped in")
    }

    @Test("a build that writes pages is not recorded, nor is a failed one; the record is deleted first")
    func notRecorded() throws {
        let (project, _) = try Self.recorded()
        let url = project.folder.url.appendingPathComponent(Self.german)
        try (try String(contentsOf: url, encoding: .utf8) + "\nNoch ein Satz.\n").write(to: url, atomically: true, encoding: .utf8)
        #expect(project.build().status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.record(project).path), "the page just written has a racy stamp")
        try project.folder.write("stepwise.yml", "defaultLocale: [\n")
        #expect(project.build().status == 2)
        #expect(!FileManager.default.fileExists(atPath: Self.record(project).path))
    }
}
