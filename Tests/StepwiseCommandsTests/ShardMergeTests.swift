import Foundation
import StepwiseTestSupport
import Testing

/// `check --shard i/n --part` on every shard, then `stepwise merge`: exactly the unsharded report.
@Suite(.serialized) struct ShardMergeTests {
    private func shardParts(_ project: CheckCacheTests.Project, count: Int) throws -> [String] {
        try (1...count).map { index in
            let part = project.folder.url.appendingPathComponent("part-\(index).json").path
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
        let parts = try shardParts(project, count: count)
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
        let parts = try shardParts(project, count: 3)
        var seen: [String: Int] = [:]
        for (index, part) in parts.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: part))) as? [String: Any])
            let report = try #require(object["report"] as? [String: Any])
            for document in try #require(report["checkedDocuments"] as? [String]) {
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

    @Test("a missing, repeated or foreign shard is refused with the part's path; a bad --shard is a usage error")
    func refusals() throws {
        let project = try CheckCacheTests.Project()
        let parts = try shardParts(project, count: 3)
        let missing = merge(project, Array(parts.prefix(2)), format: "json")
        #expect(missing.status == 1 && missing.error.contains("error: cannot merge: shards 3/3 are missing"), "\(missing.error)")
        let twice = merge(project, [parts[0], parts[0], parts[1]], format: "json")
        #expect(twice.status == 1 && twice.error.contains("shard 1/3 is given twice"), "\(twice.error)")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: parts[2]))
        let broken = merge(project, parts, format: "json")
        #expect(broken.status == 1 && broken.error.contains("part-3.json:1:1: error: not a report part"), "\(broken.error)")
        for bad in ["0/3", "4/3", "2", "a/b"] {
            #expect(runStepwise(["check", project.content.path, "--shard", bad]).status == 2, "\(bad)")
        }
    }
}
