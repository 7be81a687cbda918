import Foundation
import StepwiseTestSupport
import Testing

/// `build --shard i/n` on every shard, then `stepwise merge` of the site parts: exactly the site one
/// build writes, and the same problems and exit status.
@Suite(.serialized) struct ShardSiteTests {
    /// Builds every shard of `count`; returns the part folders and the shards' results.
    private func buildShards(root: URL, count: Int, extra: [String] = []) -> [String] {
        (1...count).map { index in
            let result = runStepwise(["build", "--root", root.path, "--shard", "\(index)/\(count)"] + extra)
            #expect(result.status <= 1, "\(result.error)")
            #expect(result.output.contains("site shard \(index)/\(count): "), "\(result.output)")
            return root.appendingPathComponent("generated/site-parts/\(index)-of-\(count)").path
        }
    }

    /// The whole build's site, problems and status; the site folder is then removed.
    private func wholeBuild(root: URL) throws -> (site: [String: Data], error: String, status: Int32) {
        let result = runStepwise(["build", "--root", root.path, "--no-cache"])
        let site = try SiteProject.files(in: root.appendingPathComponent("generated/site"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("generated/site"))
        return (site, result.error, result.status)
    }

    private func expectMerged(root: URL, count: Int, whole: (site: [String: Data], error: String, status: Int32)) throws {
        let parts = buildShards(root: root, count: count)
        let merged = runStepwise(["merge", "--root", root.path] + parts.reversed())
        #expect(merged.status == whole.status, "\(count) shards: \(merged.error)")
        #expect(merged.error == whole.error, "\(count) shards: the same problems, once each, in the same order")
        let site = try SiteProject.files(in: root.appendingPathComponent("generated/site"))
        #expect(site.count == whole.site.count && site.count > 4, "\(count) shards: \(Set(site.keys).symmetricDifference(whole.site.keys).sorted())")
        for (path, data) in whole.site where site[path] != data {
            Issue.record("\(count) shards: generated/site/\(path) differs from the whole build's")
        }
        #expect(merged.output.contains("merged from \(count) parts"), "\(merged.output)")
        // The search indexes are merged from every part's share, not rebuilt from the outlines.
        for (path, data) in whole.site where path.hasSuffix("/search-index.js") {
            #expect(String(decoding: data, as: UTF8.self).contains("pages: 0,") == false, "\(path) indexes the pages")
        }
        #expect(whole.site.keys.contains { $0.hasSuffix("/search-index.js") })
    }

    @Test("the corpus sample: merging 1–4 shards writes the whole build's site byte for byte", arguments: [1, 2, 3, 4])
    func corpusSample(count: Int) throws {
        let project = try ShardProject()
        let whole = try wholeBuild(root: project.root)
        #expect(whole.status == 1 && whole.error.contains("file-empty") && whole.error.contains("file-nul-byte"), "\(whole.error)")
        let index = String(decoding: whole.site["index.html"] ?? Data(), as: UTF8.self)
        #expect(index.contains("Liens entre tutoriels") && index.contains("editions/2017/articles/load-balancer/load-balancer-ha-ports-overview.html"))
        let page = String(decoding: whole.site["es-es/articles/load-balancer/links.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains("href=\"../../../es-es/articles/app-service/scripts/app-service-cli-app-service-redis.html\""), "links to pages of other shards")
        #expect(page.contains("href=\"../../../fr-fr/articles/load-balancer/links.html\""), "the language switcher")
        try expectMerged(root: project.root, count: count, whole: whole)
    }

    @Test("the bundled seeds: merging 1–3 shards writes the whole build's site byte for byte", arguments: [1, 2, 3])
    func seeds(count: Int) throws {
        let project = try SiteProject()
        let whole = try wholeBuild(root: project.folder.url)
        #expect(whole.status == 0)
        try expectMerged(root: project.folder.url, count: count, whole: whole)
        let committed = try SiteProject.files(in: RepositoryFiles.root.appendingPathComponent("generated/site"))
        #expect(try SiteProject.files(in: project.site) == committed, "the committed site, too")
    }

    @Test("a drift report split into parts: merging 2 shards writes the whole build's parts byte for byte, and their links resolve")
    func splitReport() throws {
        let project = try ShardProject()
        try project.folder.write("stepwise.yml", "defaultLocale: fr-fr\nsiteURL: https://docs.example.org/\ndriftReportPageSize: 8000\n")
        let whole = try wholeBuild(root: project.root)
        let parts = whole.site.keys.filter { $0.contains("/drift/") }
        #expect(parts.count > 3 && parts.contains { $0.hasPrefix("es-es/drift/") }, "\(parts.sorted())")
        let files = whole.site.mapValues { String(decoding: $0, as: UTF8.self) }
        let report = LinkCrawler(files: files).brokenLinks().filter { $0.contains("drift") || $0.contains("status.html →") }
        #expect(report == [])
        try expectMerged(root: project.root, count: 2, whole: whole)
    }

    @Test("every document's page is written by exactly one shard, with its translations and editions; shards write only below generated/")
    func partition() throws {
        let project = try ShardProject()
        let parts = buildShards(root: project.root, count: 3)
        var shardOf: [String: Int] = [:], shardOfTutorial: [String: Set<Int>] = [:]
        for (index, folder) in parts.enumerated() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("site-part.json"))
            let part = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let site = try #require(part["site"] as? [String: Any])
            for document in try #require(site["documents"] as? [[String: Any]]) {
                let source = try #require(document["source"] as? String)
                #expect(shardOf.updateValue(index, forKey: source) == nil, "\(source) in two shards")
                let row = try #require(document["row"] as? [String: Any])
                shardOfTutorial[try #require(row["tutorialPath"] as? String), default: []].insert(index)
                let page = try #require(document["page"] as? String)
                #expect(FileManager.default.fileExists(atPath: folder + "/" + page))
            }
            for unreadable in try #require(site["unreadable"] as? [[String: Any]]) {
                #expect(shardOf.updateValue(index, forKey: try #require(unreadable["source"] as? String)) == nil)
            }
        }
        #expect(Set(shardOf.keys) == Set(try project.documents().map { "content/" + $0 }))
        #expect(shardOfTutorial.values.allSatisfy { $0.count == 1 }, "\(shardOfTutorial)")
        #expect(shardOfTutorial["articles/load-balancer/load-balancer-ha-ports-overview.md"].map { _ in true } == true)
        let written = try FileManager.default.contentsOfDirectory(atPath: project.root.path).sorted()
        #expect(written == ["content", "generated", "stepwise.yml", "templates"], "\(written)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("generated").path) == ["site-parts"])
    }

    @Test("a shard's site part is the same bytes from run to run: its report's sets in ascending order")
    func deterministicPart() throws {
        let project = try ShardProject()
        let runs = try (1...2).map { _ in
            let folder = try #require(buildShards(root: project.root, count: 1).first)
            return try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent("site-part.json"))
        }
        #expect(runs[0] == runs[1], "each run hashes with another seed: a set written in its own order differs")
        let part = try #require(try JSONSerialization.jsonObject(with: runs[0]) as? [String: Any])
        let report = try #require(part["report"] as? [String: Any])
        for name in ["checkedFiles", "checkedDocuments", "lintedFiles"] {
            let paths = try #require(report[name] as? [String])
            #expect(paths.count > 5 && paths == paths.sorted(), "\(name): \(paths)")
        }
    }

    @Test("a missing or repeated shard, parts of other templates, site and report parts together, and --format are refused")
    func refusals() throws {
        let project = try ShardProject()
        let parts = buildShards(root: project.root, count: 3)
        let missing = project.run("merge", Array(parts.prefix(2)))
        #expect(missing.status == 1 && missing.error.contains("error: cannot merge: shards 3/3 are missing"), "\(missing.error)")
        let twice = project.run("merge", [parts[0], parts[1], parts[1]])
        #expect(twice.status == 1 && twice.error.contains("error: cannot merge: shard 2/3 is given twice"), "\(twice.error)")
        let format = project.run("merge", parts + ["--format", "json"])
        #expect(format.status == 2, "\(format.error)")
        let report = project.root.appendingPathComponent("report-1.bin").path
        #expect(project.run("check", ["content", "--shard", "1/3", "--part", report]).status == 0)
        let mixed = project.run("merge", [parts[0], report])
        #expect(mixed.status == 1 && mixed.error.contains("cannot merge a site part with report parts"), "\(mixed.error)")
        #expect(!FileManager.default.fileExists(atPath: project.site.path), "nothing written")
        let template = project.root.appendingPathComponent("templates/index.mustache")
        let original = try String(contentsOf: template, encoding: .utf8)
        try (original + "\n").write(to: template, atomically: true, encoding: .utf8)
        let changed = project.run("merge", parts)
        #expect(changed.status == 1 && changed.error.contains("part-mismatch") && changed.error.contains("other templates"), "\(changed.error)")
        #expect(!FileManager.default.fileExists(atPath: project.site.path), "nothing written")
        try original.write(to: template, atomically: true, encoding: .utf8)
        #expect(project.run("merge", parts).status == 1, "the same templates again: merged (with the documents' problems)")
        try FileManager.default.removeItem(at: project.site)
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("content/es-es/" + ShardProject.links))
        let shard = runStepwise(["build", "--root", project.root.path, "--shard", "1/3"])
        #expect(shard.status <= 1)
        let moved = project.run("merge", [parts[0]] + parts.dropFirst())
        #expect(moved.status == 1 && moved.error.contains("planned the site with different documents"), "\(moved.error)")
    }
}
