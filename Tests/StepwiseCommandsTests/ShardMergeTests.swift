import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// `check --shard i/n --part` on every shard, then `stepwise merge`: exactly the unsharded report.
@Suite(.serialized) struct ShardMergeTests {
    private func shardParts(_ project: CheckCacheTests.Project, count: Int) -> [String] {
        (1...count).map { index in
            let part = project.folder.url.appendingPathComponent("part-\(index).bin").path
            let result = runStepwise(["check", project.content.path, "--content-root", project.content.path,
                                      "--root", project.folder.url.appendingPathComponent("project").path,
                                      "--shard", "\(index)/\(count)", "--part", part])
            #expect(result.status == 0 && result.output.isEmpty, "\(result.error)")
            #expect(FileManager.default.fileExists(atPath: part))
            return part
        }
    }

    private func merge(_ project: CheckCacheTests.Project, _ parts: [String], format: String) -> (status: Int32, output: String, error: String) {
        runStepwise(["merge", "--root", project.folder.url.appendingPathComponent("project").path, "--no-baseline", "--format", format] + parts)
    }

    @Test("merging 1, 2 or 3 shards prints byte for byte the unsharded report in every format", arguments: [1, 2, 3])
    func equality(count: Int) throws {
        let project = try CheckCacheTests.Project()
        let parts = shardParts(project, count: count)
        for format in ["json", "sarif", "text", "github"] {
            let whole = project.check(["--no-cache"], format: format)
            let merged = merge(project, parts.reversed(), format: format)
            #expect(merged.output == whole, "\(count) shards, \(format)")
            #expect(merged.status == 1, "findings at error level fail the merged gate as they fail check")
        }
    }

    @Test("every document is in exactly one shard, with its translations and editions")
    func partition() throws {
        let project = try CheckCacheTests.Project()
        let parts = shardParts(project, count: 3)
        var seen: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            for document in try ReportPart.read(part, display: part).report.checkedDocuments {
                #expect(seen[document] == nil, "\(document) in two shards")
                seen[document] = index
            }
        }
        #expect(seen.count == 9, "\(seen.keys.sorted())")
        let tutorial = seen.filter { $0.key.hasSuffix("notification-hubs-aspnet-backend-ios-notify-users.md") }
        #expect(tutorial.count == 5 && Set(tutorial.values).count == 1, "four locales and an older edition of one tutorial, one shard")
        let sample = seen.filter { $0.key.hasSuffix("active-directory-ios.md") }
        #expect(sample.count == 2 && Set(sample.values).count == 1)
    }

    @Test("the parts' content root (outside the project) is the merge's: its tables of contents are checked as one run checks them; another --content-root is refused")
    func contentRootOfParts() throws {
        let project = try CheckCacheTests.Project()
        try project.folder.write("docs/fr-fr/articles/notification-hubs/TOC.md", "# [Vue d’ensemble](notification-hubs-aspnet-backend-ios-notify-users.md)\n## [Perdu](absent.md)\n")
        let whole = project.check(["--no-cache"], format: "json")
        #expect(whole.contains("\"rule\" : \"toc-broken\""), "the broken entry is a finding of one run")
        let parts = shardParts(project, count: 2)
        // Without --content-root: the parts say where they were checked.
        #expect(merge(project, parts, format: "json").output == whole)
        let given = runStepwise(["merge", "--root", project.folder.url.appendingPathComponent("project").path, "--no-baseline", "--format", "json",
                                 "--content-root", project.content.path] + parts)
        #expect(given.output == whole, "the same content root given")
        let other = runStepwise(["merge", "--root", project.folder.url.appendingPathComponent("project").path, "--no-baseline", "--format", "json",
                                 "--content-root", project.folder.url.path] + parts)
        #expect(other.status == 1 && other.output.isEmpty, "\(other.error)")
        #expect(other.error.contains("part-1.bin:1:1: error: cannot merge: the parts were checked in the content root \(project.content.path), not \(project.folder.url.path)"), "\(other.error)")
    }

    @Test("a missing, repeated or foreign shard is refused with the part's path; a bad --shard is a usage error")
    func refusals() throws {
        let project = try CheckCacheTests.Project()
        let parts = shardParts(project, count: 3)
        let missing = merge(project, Array(parts.prefix(2)), format: "json")
        #expect(missing.status == 1 && missing.error.contains("error: cannot merge: shards 3/3 are missing"), "\(missing.error)")
        let twice = merge(project, [parts[0], parts[0], parts[1]], format: "json")
        #expect(twice.status == 1 && twice.error.contains("shard 1/3 is given twice"), "\(twice.error)")
        // A part cut short on its way between jobs (its frame's checksum tells), then one that is no part at all.
        let whole = try Data(contentsOf: URL(fileURLWithPath: parts[2]))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: parts[2]))
        let cut = merge(project, parts, format: "json")
        #expect(cut.status == 1 && cut.error.contains("part-3.bin:1:1: error: not a report part") && cut.output.isEmpty, "\(cut.error)")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: parts[2]))
        let broken = merge(project, parts, format: "json")
        #expect(broken.status == 1 && broken.error.contains("part-3.bin:1:1: error: not a report part"), "\(broken.error)")
        let absent = merge(project, [parts[0], parts[1], parts[2] + ".absent"], format: "json")
        #expect(absent.status == 1 && absent.error.contains("part-3.bin.absent:1:1: error: no report part here"), "\(absent.error)")
        for bad in ["0/3", "4/3", "2", "a/b"] {
            #expect(runStepwise(["check", project.content.path, "--shard", bad]).status == 2, "\(bad)")
        }
    }

    /// `check --shard i/n --part` of every shard of `count` in the project at `root`.
    private func parts(root: URL, count: Int, paths: [String] = ["content"]) -> [String] {
        (1...count).map { index in
            let part = root.appendingPathComponent("part-\(index).bin").path
            let result = runStepwise(["check", "--root", root.path] + paths + ["--no-cache", "--shard", "\(index)/\(count)", "--part", part])
            #expect(result.status == 0 && result.output.isEmpty, "\(result.error)")
            return part
        }
    }

    private func expectMerged(root: URL, count: Int, formats: [String] = ["json", "sarif", "text", "github"]) {
        let parts = parts(root: root, count: count)
        for format in formats {
            let whole = runStepwise(["check", "--root", root.path, "content", "--no-cache", "--no-baseline", "--format", format])
            let merged = runStepwise(["merge", "--root", root.path, "--no-baseline", "--format", format] + parts.reversed())
            #expect(!whole.output.isEmpty)
            #expect(merged.output == whole.output, "\(count) shards, \(format)")
            #expect(merged.status == whole.status, "\(count) shards, \(format): \(merged.error)")
        }
    }

    @Test("the corpus sample (documents paired by asset id across paths, shared includes, unreadable documents): merging 1–4 shards prints the unsharded report", arguments: [1, 2, 3, 4])
    func corpusSample(count: Int) throws {
        let project = try ShardProject()
        expectMerged(root: project.root, count: count)
    }

    @Test("the corpus sample's translations paired by asset id across paths fall into other shards than their sources")
    func crossShardPairs() throws {
        let project = try ShardProject()
        var split = 0
        for count in 2...4 {
            var shardOf: [String: Int] = [:]
            for (index, part) in parts(root: project.root, count: count).enumerated() {
                for document in try ReportPart.read(part, display: part).report.checkedDocuments { shardOf[document] = index }
            }
            #expect(Set(shardOf.keys) == Set(try project.documents().map { "content/" + $0 }), "every document in a shard")
            split += ShardProject.crossPairs.filter { shardOf["content/" + $0.0] != shardOf["content/" + $0.1] }.count
        }
        #expect(split > 0, "the equality tests cover a translation checked in another shard than its source")
    }

    @Test("a report part is the same bytes from run to run (its sets and dictionaries in order), with a stale generated/ compared too")
    func deterministicPart() throws {
        let project = try ShardProject()
        #expect(runStepwise(["build", "--root", project.root.path, "--no-cache"]).status <= 1)
        // Every tutorial page differs from the committed one.
        let template = project.root.appendingPathComponent("templates/tutorial.mustache")
        try (try String(contentsOf: template, encoding: .utf8) + "\n").write(to: template, atomically: true, encoding: .utf8)
        let runs = try (1...2).map { _ in try Data(contentsOf: URL(fileURLWithPath: parts(root: project.root, count: 1)[0])) }
        #expect(runs[0] == runs[1], "each run hashes with another seed: a set or dictionary written in its own order differs")
        let part = try ReportPart.read(parts(root: project.root, count: 1)[0], display: "part")
        #expect(part.report.checkedFiles.count > 5 && part.report.sources.count > 2)
        #expect((part.generated?.differing.count ?? 0) > 5, "\(part.generated?.differing ?? [:])")
    }

    @Test("with a committed generated/ (fresh, then stale): the merged report has exactly the unsharded generated-stale findings", arguments: [1, 2, 3])
    func generated(count: Int) throws {
        for root in [try SiteProject().folder, try ShardProject().folder] {
            #expect(runStepwise(["build", "--root", root.url.path, "--no-cache"]).status <= 1)
            expectMerged(root: root.url, count: count, formats: ["json"])
            let site = root.url.appendingPathComponent("generated/site")
            let template = root.url.appendingPathComponent("templates/tutorial.mustache")
            try (try String(contentsOf: template, encoding: .utf8) + "\n").write(to: template, atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: site.appendingPathComponent("sitemap.xml"))
            try root.write("generated/site/fr-fr/articles/retired.html", "<p>old</p>\n")
            if let swift = try? FileManager.default.contentsOfDirectory(atPath: root.url.appendingPathComponent("generated/swift").path).sorted().first {
                try root.write("generated/swift/" + swift, "// changed by hand\n")
            }
            let stale = runStepwise(["check", "--root", root.url.path, "content", "--no-cache", "--no-baseline"])
            #expect(stale.output.contains("sitemap.xml:1:1: error: generated file is missing"), "\(stale.output)")
            #expect(stale.output.contains("retired.html:1:1: error: generated file is no longer generated"))
            #expect(stale.output.contains(".html:1:1: error: generated file differs from a fresh build"))
            expectMerged(root: root.url, count: count, formats: ["json", "text"])
        }
    }
}
