import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// The incremental build keeps the pages whose inputs did not change (and does not re-check their
/// documents); whatever it keeps, the site is byte for byte the site of a build without the cache.
@Suite(.serialized) struct BuildCacheTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    private func build(_ project: SiteProject, _ extra: [String] = []) throws -> (summary: String, site: [String: Data], cache: String) {
        // These tests alter the caches below the build's record (see `BuildRecordTests`): never replayed.
        try? FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(".stepwise/cache/build-run.bin"))
        let result = runStepwise(["build", "--root", project.folder.url.path] + extra)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        let summary = lines.last { $0.hasPrefix("site: ") }.map(String.init) ?? ""
        return (summary, try SiteProject.files(in: project.site), lines.first { $0.hasPrefix("cache: ") }.map(String.init) ?? "")
    }

    /// The site a build without the cache writes now, in a copy of the project.
    private func uncached(_ project: SiteProject) throws -> [String: Data] {
        let copy = try SiteProject()
        for item in ["content", "templates", "stepwise.yml"] {
            try FileManager.default.removeItem(at: copy.folder.url.appendingPathComponent(item))
            try FileManager.default.copyItem(at: project.folder.url.appendingPathComponent(item), to: copy.folder.url.appendingPathComponent(item))
        }
        let site = try build(copy, ["--no-cache"]).site
        // It checks a batch at a time through the check's cache machinery, which reads and keeps nothing.
        #expect(!FileManager.default.fileExists(atPath: copy.folder.url.appendingPathComponent(".stepwise").path), "--no-cache wrote a cache")
        return site
    }

    /// How many pages about the whole site (index, status pages, drift report and its parts, 404) `after`
    /// has with the bytes they have in `before`: an incremental build keeps each of them, unrendered.
    private func unchangedSitePages(_ before: [String: Data], _ after: [String: Data]) -> Int {
        after.filter { path, data in
            let tutorial = path.contains("/articles/") && !path.contains("/drift/")
            return path.hasSuffix(".html") && !tutorial && before[path] == data
        }.count
    }

    /// Rewrites `path` with `old` replaced by `new`; the text must contain `old`.
    private func replace(_ project: SiteProject, _ path: String, _ old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = project.folder.url.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let replaced = text.replacing(old, with: new)
        #expect(replaced != text, "\(old) is not in \(path)", sourceLocation: sourceLocation)
        try replaced.write(to: url, atomically: true, encoding: .utf8)
    }

    private func append(_ project: SiteProject, _ path: String, _ text: String) throws {
        try project.append(path, text)
    }

    @Test("a second build keeps every page and writes the same site")
    func warm() throws {
        let project = try SiteProject()
        let cold = try build(project)
        #expect(!cold.summary.contains("kept"))
        #expect(cold.cache.isEmpty, "a cold build reads everything")
        let warm = try build(project)
        let sitePages = unchangedSitePages(cold.site, warm.site)
        #expect(sitePages == 11, "index, status overview and 3 locales, drift overview and 4 locales, 404")
        #expect(warm.summary.contains("; \(5 + sitePages) pages kept from the last build"), "\(warm.summary)")
        #expect(warm.cache == "cache: 0 of 5 documents checked again, 1 more read without being checked", "only the contract's tutorial is read")
        #expect(warm.site == cold.site)
        #expect(warm.site == (try uncached(project)))
    }

    /// The file number of each file of the sites' search indexes, by path: the same number after a build
    /// when the file was kept (hard-linked), not written again.
    private func searchFileNumbers(_ project: SiteProject) throws -> [String: Int] {
        try SiteProject.files(in: project.site).keys.filter { $0.hasSuffix("/search-index.js") || $0.contains("/search/") }.reduce(into: [:]) { numbers, path in
            let attributes = try FileManager.default.attributesOfItem(atPath: project.site.appendingPathComponent(path).path)
            numbers[path] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        }
    }

    /// The file numbers of the search indexes' snapshots in the cache: a locale's is written again
    /// (a new file) only when its index is built again.
    private func snapshotNumbers(_ project: SiteProject) throws -> [String: Int] {
        try cacheFileNumbers(project, prefix: "search-")
    }

    /// The file numbers of the site cache's files whose names start with `prefix` (a file written again is a new file).
    private func cacheFileNumbers(_ project: SiteProject, prefix: String) throws -> [String: Int] {
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(prefix) }.reduce(into: [:]) { numbers, name in
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            numbers[name] = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        }
    }

    @Test("the pages about the whole site are kept whole, not even built, when what they show did not change; new findings build them again")
    func sitePagesKeptWhole() throws {
        let project = try SiteProject()
        let cold = try build(project)
        // Every page's recorded fingerprint altered: a build that rendered the pages to compare them would
        // count them as written, not kept.
        let index = project.folder.url.appendingPathComponent(".stepwise/cache/site/index.bin")
        #expect(try CacheFiles.replaceStrings(forKey: "fingerprint", in: index, with: "altered"))
        try append(project, Self.german, "\n\n")
        let warm = try build(project)
        #expect(warm.cache == "cache: 1 of 5 documents checked again, 1 more read without being checked")
        #expect(warm.summary.contains("; \(4 + 11) pages kept from the last build"), "the 11 pages about the whole site kept: \(warm.summary)")
        #expect(warm.site == cold.site)

        // A new finding (a missing image) changes the drift report: the pages are built again.
        let french = "content/fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
        try append(project, french, "\n![Une image](media/absente.png)\n")
        let after = try build(project)
        #expect(after.site["drift-report.html"] != cold.site["drift-report.html"])
        #expect(after.site == (try uncached(project)))
    }

    @Test("after a changed description, then a removed translation, the warm site is the site without the cache")
    func wholeSitePagesFollowTheirInputs() throws {
        let project = try SiteProject()
        _ = try build(project)
        // The site index shows the source's description.
        try replace(project, "content/en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md",
                    "Learn how to send push notifications", with: "How to send push notifications")
        let redescribed = try build(project)
        #expect(String(decoding: redescribed.site["index.html"] ?? Data(), as: UTF8.self).contains("How to send push notifications"))
        #expect(redescribed.site == (try uncached(project)))
        try FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(Self.german))
        let removed = try build(project)
        #expect(removed.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] == nil)
        #expect(removed.site == (try uncached(project)))
    }

    @Test("an edited page is rendered again with its translations; the other pages are kept")
    func pageEdited() throws {
        let project = try SiteProject()
        let before = try build(project).site
        let numbers = try searchFileNumbers(project)
        try append(project, Self.german, "\nEin neuer Absatz am Ende.\n")
        let after = try build(project)
        // The search files of the other locales are the same bytes: kept; the German index's terms are new.
        let renumbered = try searchFileNumbers(project)
        let kept = Set(renumbered.keys.filter { numbers[$0] != nil && numbers[$0] == renumbered[$0] })
        #expect(kept.count >= 6 && kept.allSatisfy { !$0.hasPrefix("de-de/") }, "\(kept.sorted())")
        #expect(renumbered.keys.contains { $0.hasPrefix("de-de/search/t-") && numbers[$0] == nil })
        #expect(after.summary.contains("; \(4 + unchangedSitePages(before, after.site)) pages kept from the last build"), "\(after.summary)")
        #expect(after.cache == "cache: 1 of 5 documents checked again, 1 more read without being checked", "only the German page and its source (the contract's tutorial) are read")
        #expect(after.site == (try uncached(project)))
        #expect(String(decoding: after.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("Ein neuer Absatz am Ende."))
    }

    @Test("a locale's search index is kept whole when its pages' search documents did not change: the kept pages' stored documents are not read")
    func searchIndexKept() throws {
        let project = try SiteProject()
        let cold = try build(project)
        // Every stored search document replaced by another: a build that read them would index other words.
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        var replaced = 0
        for bucket in try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) where bucket.lastPathComponent.hasPrefix("pages-") {
            replaced += try CacheFiles.replaceSearchDocuments(in: bucket)
        }
        #expect(replaced >= 4, "the current pages' documents")
        let numbers = try searchFileNumbers(project)
        // A blank line: the page is rendered again, and its words are the same.
        try append(project, Self.german, "\n\n")
        let after = try build(project)
        #expect(after.cache == "cache: 1 of 5 documents checked again, 1 more read without being checked")
        #expect(after.site == cold.site)
        #expect(try searchFileNumbers(project) == numbers, "every file of every index kept (hard-linked)")
    }

    @Test("a locale's index built again after an edit takes its other pages from the last build's index, not from their stored documents; a damaged one is not used")
    func searchIndexSnapshot() throws {
        for damaged in [false, true] {
            let project = try SiteProject()
            // A second German page: kept, and indexed, when the first is edited.
            try Data("# Zweite Seite\n\nEin Abschnitt über Benachrichtigungen und Geräte.\n".utf8)
                .write(to: project.folder.url.appendingPathComponent("content/de-de/articles/notification-hubs/zweite-seite.md"))
            _ = try build(project)
            let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
            let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            let snapshots = files.filter { $0.lastPathComponent.hasPrefix("search-") }
            #expect(snapshots.count == 4, "one index a locale")
            if damaged {
                for snapshot in snapshots { try Data(contentsOf: snapshot).dropLast(5).write(to: snapshot) }
            } else {
                // Every stored search document replaced by another: a build that read the kept page's would index other words.
                var replaced = 0
                for bucket in files where bucket.lastPathComponent.hasPrefix("pages-") { replaced += try CacheFiles.replaceSearchDocuments(in: bucket) }
                #expect(replaced >= 5)
            }
            try append(project, Self.german, "\n\nNeue Wörter für den Index.\n")
            let after = try build(project)
            #expect(after.summary.contains("pages kept"), "the second German page is kept: \(after.summary)")
            let index = try #require(after.site.keys.first { $0.hasPrefix("de-de/search/t-") })
            #expect(String(decoding: after.site[index] ?? Data(), as: UTF8.self).contains("\"zweit"), "the kept page's words are in the index")
            #expect(after.site == (try uncached(project)), damaged ? "the stored documents read" : "the kept page taken from the index")
        }
    }

    @Test("the snapshot a build after an edit records for the next (made beside the index's files) is the one a cold build of the same content records; the next edit's build reads it")
    func patchedSnapshotRecorded() throws {
        let project = try SiteProject()
        try Data("# Zweite Seite\n\nEin Abschnitt über Benachrichtigungen und Geräte.\n".utf8)
            .write(to: project.folder.url.appendingPathComponent("content/de-de/articles/notification-hubs/zweite-seite.md"))
        _ = try build(project)
        let cold = try snapshots(project)
        try append(project, Self.german, "\n\nNeue Wörter für den Index.\n")
        let edited = try build(project)
        #expect(edited.summary.contains("pages kept"), "\(edited.summary)")
        let patched = try snapshots(project)
        #expect(patched.count == 4 && patched.keys == cold.keys)
        #expect(patched.filter { cold[$0.key] != $0.value }.count == 1, "only the German index was built again")
        // The same content built cold, in a copy: the same snapshots, byte for byte.
        let copy = try SiteProject()
        for item in ["content", "templates", "stepwise.yml"] {
            try FileManager.default.removeItem(at: copy.folder.url.appendingPathComponent(item))
            try FileManager.default.copyItem(at: project.folder.url.appendingPathComponent(item), to: copy.folder.url.appendingPathComponent(item))
        }
        _ = try build(copy)
        #expect(try snapshots(copy) == patched)
        // A second edit's build patches the recorded snapshot: the site of a build without the cache.
        try append(project, Self.german, "\n\nNoch ein Satz mit Wörtern.\n")
        let again = try build(project)
        #expect(again.summary.contains("pages kept"), "\(again.summary)")
        #expect(again.site == (try uncached(project)))
    }

    /// The search indexes' snapshots in the site cache, by file name: each locale's bytes.
    private func snapshots(_ project: SiteProject) throws -> [String: Data] {
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("search-") }.reduce(into: [:]) { files, name in
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
    }

    @Test("a search index file changed by hand is written again, and its locale's index with it")
    func searchFileChangedByHand() throws {
        let project = try SiteProject()
        let cold = try build(project)
        let manifest = project.site.appendingPathComponent("de-de/search-index.js")
        try Data("changed by hand".utf8).write(to: manifest)
        let part = try #require(cold.site.keys.filter { $0.hasPrefix("fr-fr/search/t-") }.sorted().first)
        try FileManager.default.removeItem(at: project.site.appendingPathComponent(part))
        let after = try build(project)
        #expect(after.site == cold.site)
        #expect(after.site == (try uncached(project)))
    }

    @Test("a site whose files' times changed but not their bytes (a checkout, a copy) is kept whole, no document read again; a page changed at its size, its time set back, is rendered again")
    func timesChanged() throws {
        let project = try SiteProject()
        let cold = try build(project)
        // Every file of the site dated an hour back, as a checkout or a copy dates them.
        func dateBack() throws {
            let old = Date(timeIntervalSinceNow: -3_600)
            for path in try FileManager.default.subpathsOfDirectory(atPath: project.site.path) {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: project.site.appendingPathComponent(path).path)
            }
        }
        try dateBack()
        let dated = try build(project)
        #expect(dated.cache == "cache: 0 of 5 documents checked again, 1 more read without being checked")
        #expect(dated.summary.contains("; 16 pages kept from the last build"), "\(dated.summary)")
        #expect(dated.site == cold.site)

        let page = "fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"
        var bytes = try #require(cold.site[page])
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "<")))
        bytes[index] = UInt8(ascii: "{")
        try bytes.write(to: project.site.appendingPathComponent(page))
        try dateBack()
        let repaired = try build(project)
        #expect(repaired.cache == "cache: 1 of 5 documents checked again, 1 more read without being checked")
        #expect(repaired.summary.contains("; 15 pages kept from the last build"), "\(repaired.summary)")
        #expect(repaired.site == cold.site)
    }

    @Test("a rendered page shows its kept neighbours as a full build does: navigation uses their header titles")
    func keptNeighbours() throws {
        let project = try SiteProject()
        try project.folder.write("content/de-de/articles/notification-hubs/zweite-seite.md",
                                 "---\ntitle: Zweite Seite | Microsoft Docs\n---\n# Eine zweite Seite\n\nText.\n")
        _ = try build(project)
        try append(project, Self.german, "\nEin neuer Absatz am Ende.\n")
        let after = try build(project)
        #expect(after.cache.hasPrefix("cache: 1 of 6 documents checked again"), "\(after.cache)")
        #expect(after.site == (try uncached(project)))
        #expect(String(decoding: after.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("Zweite Seite | Microsoft Docs"))
    }

    @Test("with a table of contents, a build that keeps every page and one that renders an edited page show its navigation as an uncached build")
    func tableOfContents() throws {
        let project = try SiteProject()
        try project.folder.write("content/de-de/articles/notification-hubs/TOC.md",
                                 "# [Eintrag im Inhaltsverzeichnis](notification-hubs-aspnet-backend-ios-notify-users.md)\n")
        _ = try build(project)
        let kept = try build(project)
        #expect(kept.site == (try uncached(project)))
        try append(project, Self.german, "\nEin neuer Absatz am Ende.\n")
        let after = try build(project)
        #expect(after.cache.hasPrefix("cache: 1 of 5 documents checked again"), "\(after.cache)")
        #expect(after.site == (try uncached(project)))
        #expect(String(decoding: after.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("Eintrag im Inhaltsverzeichnis"))
    }

    @Test("a new document re-reads and re-checks every document once, and the site equals an uncached build")
    func documentAdded() throws {
        let project = try SiteProject()
        _ = try build(project)
        try project.folder.write("content/de-de/articles/notification-hubs/neue-seite.md", "# Eine neue Seite\n\nText.\n")
        let after = try build(project)
        #expect(after.cache == "cache: 6 of 6 documents checked again", "the check read everything: the build does not read it again")
        #expect(!after.summary.contains("kept"), "\(after.summary)")
        #expect(after.site == (try uncached(project)))
        #expect(try build(project).cache == "cache: 0 of 6 documents checked again, 1 more read without being checked")
    }

    @Test("a document that cannot be read is not read again by a warm build: its problem is reported as before, and the site is the cold build's")
    func unreadableKept() throws {
        let project = try SiteProject()
        try project.folder.write("content/de-de/articles/notification-hubs/leer.md", "")
        let arguments = ["build", "--root", project.folder.url.path]
        let cold = runStepwise(arguments)
        #expect(cold.error.contains("leer.md:1:1: error: file is empty"), "\(cold.error)")
        let coldSite = try SiteProject.files(in: project.site)
        let warm = runStepwise(arguments)
        #expect(warm.output.contains("cache: 0 of 6 documents checked again, 1 more read without being checked"), "\(warm.output)")
        #expect(warm.error == cold.error && warm.status == cold.status)
        #expect(try SiteProject.files(in: project.site) == coldSite)
    }

    @Test("an edited code file re-renders the pages whose code references read it; the other pages are kept")
    func codeFileEdited() throws {
        let project = try SiteProject()
        try project.folder.write("content/de-de/code/Sample.cs", "var before = 1;\n")
        try append(project, Self.german, "\n[!code-csharp[main](../../code/Sample.cs)]\n")
        let before = try build(project).site
        try project.folder.write("content/de-de/code/Sample.cs", "var changed = 2;\n")
        let after = try build(project)
        #expect(after.summary.contains("; \(4 + unchangedSitePages(before, after.site)) pages kept from the last build"), "\(after.summary)")
        #expect(after.site == (try uncached(project)))
        #expect(String(decoding: after.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("changed"))
    }

    @Test("an edited include re-renders the pages that read it")
    func includeEdited() throws {
        let project = try SiteProject()
        let before = try build(project).site
        try append(project, "content/en-us/includes/notification-hubs-aspnet-backend-notifyusers.md", "\nA sentence added to the include.\n")
        let after = try build(project)
        #expect(!after.summary.contains("; \(5 + unchangedSitePages(before, after.site)) pages kept"), "\(after.summary)")
        #expect(after.site == (try uncached(project)))
    }

    @Test("a retitled document changes the site's plan: every page is rendered again, as without the cache")
    func retitled() throws {
        let project = try SiteProject()
        _ = try build(project)
        // The title is in the front matter and in the first heading.
        try replace(project, Self.german, "Benachrichtigen von iOS-Benutzern", with: "iOS-Benutzer benachrichtigen")
        let after = try build(project)
        #expect(!after.summary.contains("kept") && after.cache.isEmpty, "\(after.summary)")
        #expect(after.site == (try uncached(project)))
        #expect(try build(project).cache == "cache: 0 of 5 documents checked again, 1 more read without being checked")
    }

    @Test("an edited template re-renders every page from the stored models, no document read again; an edited configuration re-reads everything; a page changed by hand is rendered again")
    func invalidation() throws {
        let project = try SiteProject()
        _ = try build(project)
        let snapshots = try snapshotNumbers(project), models = try cacheFileNumbers(project, prefix: "models-")
        #expect(snapshots.count == 4 && models.count == 256)
        try append(project, "templates/tutorial.mustache", "<!-- edited -->\n")
        let template = try build(project)
        #expect(try snapshotNumbers(project) == snapshots, "the search indexes do not depend on the templates: each kept whole, not built again")
        #expect(try cacheFileNumbers(project, prefix: "models-") == models, "the stored models are the ones the pages were rendered from: not written again")
        #expect(!template.summary.contains("kept"), "\(template.summary)")
        #expect(template.cache == "cache: 0 of 5 documents checked again, 1 more read without being checked; other templates: 5 pages rendered again from their stored models")
        #expect(template.site == (try uncached(project)))
        #expect(String(decoding: template.site["fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("<!-- edited -->"))

        try append(project, "stepwise.yml", "# edited\n")
        let configuration = try build(project)
        #expect(!configuration.summary.contains("kept"), "\(configuration.summary)")
        #expect(configuration.cache.isEmpty, "another configuration reads every document: \(configuration.cache)")
        #expect(configuration.site == (try uncached(project)))

        let page = project.site.appendingPathComponent("fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html")
        try Data("changed by hand".utf8).write(to: page)
        let beforeRepair = try SiteProject.files(in: project.site)
        let repaired = try build(project)
        #expect(repaired.summary.contains("; \(4 + unchangedSitePages(beforeRepair, repaired.site)) pages kept from the last build"), "\(repaired.summary)")
        #expect(repaired.site == (try uncached(project)))

        try FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(".stepwise/cache"))
        let rebuilt = try build(project)
        #expect(!rebuilt.summary.contains("kept") && rebuilt.site == repaired.site, "a deleted cache is rebuilt")
    }

    @Test("a template and a page edited together: the page is read and checked again, the others rendered from their stored models; the site is an uncached build's, and so after a second template edit")
    func templateAndPageEdited() throws {
        let project = try SiteProject()
        _ = try build(project)
        try append(project, "templates/tutorial.mustache", "<!-- first -->\n")
        try append(project, Self.german, "\nEin neuer Absatz am Ende.\n")
        let both = try build(project)
        #expect(both.cache == "cache: 1 of 5 documents checked again, 1 more read without being checked; other templates: 4 pages rendered again from their stored models")
        #expect(both.site == (try uncached(project)))
        // The German page's model was stored by that build: the next template edit renders it from there, with the new paragraph.
        try append(project, "templates/tutorial.mustache", "<!-- second -->\n")
        let again = try build(project)
        #expect(again.cache == "cache: 0 of 5 documents checked again, 1 more read without being checked; other templates: 5 pages rendered again from their stored models")
        #expect(again.site == (try uncached(project)))
        #expect(String(decoding: again.site["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"] ?? Data(), as: UTF8.self)
            .contains("Ein neuer Absatz am Ende."))
    }

    @Test("a stored model missing or damaged: the build with other templates reads every document, and its site is an uncached build's")
    func storedModelsRefused() throws {
        let project = try SiteProject()
        _ = try build(project)
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        let models = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("models-") }.sorted { $0.path < $1.path }
        // A bucket for every hash of a path, most of them empty.
        #expect(models.count == 256)
        let holding = try models.filter { try Data(contentsOf: $0).count > 1_000 }
        #expect(holding.count == 5, "one model in each of five buckets: \(holding.map(\.lastPathComponent))")
        let damages: [(Data) -> Data?] = [{ data in data.prefix(data.count - 1) }, { data in
            var altered = data
            altered[data.count / 2] ^= 0x20
            return altered
        }, { _ in nil }]
        for (index, damage) in damages.enumerated() {
            let bucket = holding[index]
            let data = try Data(contentsOf: bucket)
            if let damaged = damage(data) { try damaged.write(to: bucket) } else { try FileManager.default.removeItem(at: bucket) }
            try append(project, "templates/tutorial.mustache", "<!-- edit \(index) -->\n")
            let after = try build(project)
            #expect(after.cache.isEmpty, "a damaged or missing model reads every document: \(after.cache)")
            #expect(after.site == (try uncached(project)))
            // That build stored every model again.
            try append(project, "templates/tutorial.mustache", "<!-- again \(index) -->\n")
            #expect(try build(project).cache.hasSuffix("5 pages rendered again from their stored models"))
        }
    }

    @Test("a stored model whose bytes are intact but do not decode stops the build with other templates at its page, and the next build reads every document")
    func storedModelUndecodable() throws {
        let project = try SiteProject()
        _ = try build(project)
        let cache = SiteCache(root: project.folder.url)
        let index = try #require(cache.loadIndex())
        let bucket = try #require(try FileManager.default.contentsOfDirectory(at: cache.folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("models-") }.sorted { $0.path < $1.path }
            .first { try Data(contentsOf: $0).count > 1_000 })
        let table = try #require(SiteModelStore.table(bucket, setupKey: index.setupKey))
        let (path, entry) = try #require(table.first)
        // Bytes stored with their checksum, under the document's dependency key: not a model.
        cache.models.save(setupKey: index.setupKey, records: [path: (entry.dependencyKey, SiteModelStore.Record(model: .owned([9, 9, 9]), page: []))],
                          current: [path: entry.dependencyKey], everyBucket: false)
        try append(project, "templates/tutorial.mustache", "<!-- edited -->\n")
        try? FileManager.default.removeItem(at: project.folder.url.appendingPathComponent(".stepwise/cache/build-run.bin"))
        let failed = runStepwise(["build", "--root", project.folder.url.path])
        #expect(failed.status == 1)
        #expect(failed.error.contains("error: site: the stored model of ") && failed.error.contains("cannot be read"), "\(failed.error)")
        let after = try build(project)
        #expect(after.cache.isEmpty, "every document read: \(after.cache)")
        #expect(after.site == (try uncached(project)))
    }

    @Test("a truncated or altered site cache file is refused: its pages are rendered again, and the site is an uncached build's")
    func damagedSiteCache() throws {
        let project = try SiteProject()
        let cold = try build(project)
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        let buckets = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix("pages-") }.sorted { $0.path < $1.path }
        #expect(buckets.allSatisfy { $0.pathExtension == "bin" } && !buckets.isEmpty)
        var damaged = 0
        for bucket in buckets {
            let data = try Data(contentsOf: bucket)
            guard data.count > CacheFileHeader.size + 8 else { continue }
            var altered = data
            altered[data.count - 3] ^= 0x01
            try (damaged % 2 == 0 ? data.prefix(data.count / 2) : altered).write(to: bucket)
            damaged += 1
        }
        #expect(damaged > 0)
        let after = try build(project)
        #expect(!after.summary.contains("; 16 pages kept"), "the pages of the damaged files are rendered again: \(after.summary)")
        #expect(after.site == cold.site)
        #expect(after.site == (try uncached(project)))
        try Data().write(to: folder.appendingPathComponent("index.bin"))
        let again = try build(project)
        #expect(!again.summary.contains("kept") && again.site == cold.site, "an empty index: everything is rendered again")
    }

    @Test("with the drift report split into parts, a part whose findings did not change is kept, and the site is an uncached build's; every link resolves")
    func splitReport() throws {
        let project = try SiteProject()
        try append(project, "stepwise.yml", "driftReportPageSize: 20000\n")
        let cold = try build(project)
        let parts = cold.site.keys.filter { $0.contains("/drift/") }
        #expect(parts.contains { $0.hasPrefix("fr-fr/drift/") } && parts.contains { $0.hasPrefix("sv-se/drift/") }, "\(parts.sorted())")
        let warm = try build(project)
        #expect(unchangedSitePages(cold.site, warm.site) == 11 + parts.count)
        #expect(warm.summary.contains("; \(5 + 11 + parts.count) pages kept from the last build"), "every page and part: \(warm.summary)")
        #expect(warm.site == cold.site)

        // New French findings: the French parts are rendered again, the Swedish ones kept.
        let french = "content/fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
        try append(project, french, "\n![Une image](media/absente.png)\n")
        let after = try build(project)
        let swedish = parts.filter { $0.hasPrefix("sv-se/") }
        #expect(!swedish.isEmpty && swedish.allSatisfy { after.site[$0] == cold.site[$0] })
        #expect(after.summary.contains("; \(4 + unchangedSitePages(cold.site, after.site)) pages kept from the last build"), "\(after.summary)")
        #expect(after.site != cold.site)
        #expect(after.site == (try uncached(project)))
        #expect(LinkCrawler(files: after.site.mapValues { String(decoding: $0, as: UTF8.self) }).brokenLinks() == [])

        // A part changed by hand is rendered again.
        let part = try #require(parts.filter { $0.hasPrefix("sv-se/") }.sorted().first)
        try Data("changed by hand".utf8).write(to: project.site.appendingPathComponent(part))
        let beforeRepair = try SiteProject.files(in: project.site)
        let repaired = try build(project)
        #expect(repaired.summary.contains("; \(5 + unchangedSitePages(beforeRepair, repaired.site)) pages kept from the last build"), "\(repaired.summary)")
        #expect(unchangedSitePages(beforeRepair, repaired.site) == unchangedSitePages(after.site, repaired.site) - 1, "the part changed by hand is rendered again")
        #expect(repaired.site == after.site)
    }
}
