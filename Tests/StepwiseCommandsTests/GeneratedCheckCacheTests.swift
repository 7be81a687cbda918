import Foundation
#if canImport(Glibc)
import Glibc
#endif
import StepwiseTestSupport
import Testing

/// `check` of a project whose `generated/site` a build wrote compares it through the caches that build
/// left: it renders only the pages a build would write again, and reports exactly what a check
/// without the cache reports, fresh or stale, whatever changed since.
@Suite(.serialized) struct GeneratedCheckCacheTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
    static let germanPage = "de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"

    private func check(_ project: SiteProject, _ extra: [String] = []) -> (status: Int32, output: String, error: String) {
        runStepwise(["check", "--root", project.folder.url.path] + extra)
    }

    /// The check through the cache and without it, as text and as JSON, each pair equal byte for byte;
    /// returns the committed files the check finds stale, sorted.
    private func stale(_ project: SiteProject, sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let cached = check(project), fresh = check(project, ["--no-cache"])
        #expect(cached.status == fresh.status, sourceLocation: sourceLocation)
        #expect(cached.output == fresh.output, "through the cache:\n\(cached.output.suffix(2000))", sourceLocation: sourceLocation)
        #expect(cached.error == fresh.error, sourceLocation: sourceLocation)
        let cachedJSON = check(project, ["--format", "json"]), freshJSON = check(project, ["--format", "json", "--no-cache"])
        #expect(cachedJSON.output == freshJSON.output && cachedJSON.status == freshJSON.status, sourceLocation: sourceLocation)
        return cached.output.split(separator: "\n").filter { $0.hasSuffix("[generated-stale]") }.compactMap { line in
            line.range(of: ":1:1: error:").map { String(line[..<$0.lowerBound]) }
        }.sorted()
    }

    @Test("after a build, check through its caches reports what a check without the cache reports: an edited document, a page changed by hand, removed or added, an edited template or configuration, no cache at all")
    func sameAsWithoutCache() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        #expect(stale(project).isEmpty, "the site a build just wrote is fresh")

        try project.append(Self.german, "\nEin weiterer Satz am Ende.\n")
        #expect(stale(project).contains("generated/site/" + Self.germanPage), "the edited document's page")

        #expect(project.build().status == 0)
        #expect(stale(project).isEmpty)
        let french = project.site.appendingPathComponent("fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
        try Data("changed by hand".utf8).write(to: french)
        let sitemap = project.site.appendingPathComponent("sitemap.xml")
        try FileManager.default.removeItem(at: sitemap)
        try Data("left over".utf8).write(to: project.site.appendingPathComponent("extra.html"))
        #expect(stale(project) == ["generated/site/extra.html", "generated/site/fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html",
                                   "generated/site/sitemap.xml"])

        #expect(project.build().status == 0)
        try project.append("templates/tutorial.mustache", "<!-- edited -->\n")
        #expect(stale(project).contains("generated/site/" + Self.germanPage), "every page rendered again from its stored model")

        try project.append("stepwise.yml", "# edited\n")
        #expect(!stale(project).isEmpty, "another configuration: every document read, every page rendered")

        #expect(project.build().status == 0)
        #expect(stale(project).isEmpty)
        try FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(".stepwise/cache"))
        try project.append(Self.german, "\nNoch ein Satz.\n")
        #expect(stale(project).contains("generated/site/" + Self.germanPage), "without the cache: every document read")
    }

    @Test("the links are checked beside the pages' comparison: a broken link and a missing anchor added after a build are reported once, as a check without the cache reports them")
    func linksCheckedBesideComparison() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        // (`articles/` is named in externalDocuments: a missing include is what a link can break.)
        try project.append(Self.german, "\nSiehe [die fehlende Seite](../../includes/fehlende-seite.md) und [den Abschnitt](#kein-solcher-abschnitt).\n")
        #expect(stale(project).contains("generated/site/" + Self.germanPage))
        let output = check(project).output
        let links = output.split(separator: "\n").filter { $0.hasPrefix(Self.german + ":") && ($0.hasSuffix("[link-broken]") || $0.hasSuffix("[anchor-missing]")) }
        #expect(links.count == 2, "\(output.suffix(3000))")
    }

    @Test("a check against generated/ is recorded: run again with no input and no committed file changed, it prints what it printed; an edited document or a committed file changed is checked again")
    func recorded() throws {
        let project = try SiteProject()
        try BuildRecordTests.age(project)
        #expect(project.build().status == 0)
        // The pages just written have racy stamps: a check made once they no longer do is recorded.
        Thread.sleep(forTimeInterval: 2.2)
        let first = check(project)
        let record = project.folder.url.appendingPathComponent(".stepwise/cache/check-generated-run.bin")
        #expect(FileManager.default.fileExists(atPath: record.path))
        // A committed page changed with its size and time kept, and the caches below the record gone:
        // only a replay still finds the site fresh.
        let cache = project.folder.url.appendingPathComponent(".stepwise/cache")
        for name in try FileManager.default.contentsOfDirectory(atPath: cache.path) where name != record.lastPathComponent {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(name))
        }
        try changeKeepingStamp(project.site.appendingPathComponent(Self.germanPage))
        let replayed = check(project)
        #expect(replayed.status == first.status && replayed.output == first.output && replayed.error == first.error)
        #expect(!replayed.output.contains("[generated-stale]"))

        try project.append(Self.german, "\nEin weiterer Satz am Ende.\n")
        #expect(stale(project).contains("generated/site/" + Self.germanPage), "an edited document: checked again")
        #expect(project.build().status == 0)
        Thread.sleep(forTimeInterval: 2.2)
        #expect(stale(project).isEmpty)
        #expect(FileManager.default.fileExists(atPath: record.path))
        try Data("changed by hand".utf8).write(to: project.site.appendingPathComponent("sitemap.xml"))
        #expect(stale(project) == ["generated/site/sitemap.xml"], "a committed file changed: checked again")
    }

    /// Changes one byte of `page`, keeping its size and its time to the nanosecond.
    private func changeKeepingStamp(_ page: URL) throws {
        var before = stat()
        #expect(stat(page.path, &before) == 0)
        var bytes = try Data(contentsOf: page)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "<")))
        bytes[index] = UInt8(ascii: "{")
        try bytes.write(to: page)
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, page.path, times, 0) == 0)
    }

    @Test("a page a build would keep is taken as the file it wrote: changed without changing its size and time, only a check without the cache (which renders every page) sees it")
    func keptPageTrusted() throws {
        let project = try SiteProject()
        #expect(project.build().status == 0)
        try changeKeepingStamp(project.site.appendingPathComponent(Self.germanPage))
        #expect(!check(project).output.contains("[generated-stale]"))
        #expect(check(project, ["--no-cache"]).output.contains("generated/site/\(Self.germanPage):1:1: error: generated file differs from a fresh build"))
    }
}
