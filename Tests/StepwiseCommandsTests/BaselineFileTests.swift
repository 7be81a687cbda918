import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseTestSupport
@testable import StepwiseCommands
import Testing

/// A baseline is read from its JSON, or from the cache's binary form of it while the file keeps its
/// size and time.
@Suite struct BaselineFileTests {
    static func baseline(_ fingerprints: [String]) -> Baseline {
        Baseline(findings: fingerprints.enumerated().map { index, fingerprint in
            var finding = Finding(rule: .codeMissing, path: "content/fr-fr/é\(index).md", line: index + 1, message: "« \(fingerprint) »", locale: "fr-fr")
            finding.fingerprint = fingerprint
            finding.document = index.isMultiple(of: 2) ? "fr-fr/é\(index).md" : nil
            return finding
        })
    }

    struct Setup {
        let folder: TemporaryDirectory
        var json: URL { folder.url.appendingPathComponent("baseline.json") }
        var cache: URL { folder.url.appendingPathComponent("cache") }
        var kept: URL { cache.appendingPathComponent("baseline.bin") }
        var file: BaselineFile { BaselineFile(path: json.path, root: folder.url, displayPath: "baseline.json") }

        init() throws { folder = try TemporaryDirectory() }

        /// Writes `baseline` as `--update-baseline` writes it, dated `age` seconds ago.
        func write(_ baseline: Baseline, age: TimeInterval = 3_600) throws {
            try Data(ReportJSON.encode(baseline).utf8).write(to: json)
            try date(age: age)
        }

        func date(age: TimeInterval) throws {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: json.path)
        }
    }

    @Test("a baseline read is kept, and read back from the cache while the file has the same size and time; another time is read again")
    func kept() throws {
        let setup = try Setup()
        let (first, second) = (Self.baseline(["a", "b", "c"]), Self.baseline(["x", "y", "z"]))
        try setup.write(first)
        #expect(try setup.file.load(cache: setup.cache) == first)
        #expect(FileManager.default.fileExists(atPath: setup.kept.path))
        // Another content of the same size, dated as before: the cache's stamp is the file's, so what it kept is read.
        let modified = try FileManager.default.attributesOfItem(atPath: setup.json.path)[.modificationDate] as? Date
        try setup.write(second)
        try FileManager.default.setAttributes([.modificationDate: try #require(modified)], ofItemAtPath: setup.json.path)
        #expect(try setup.file.load(cache: setup.cache) == first, "read from the cache, not the JSON")
        #expect(try setup.file.load() == second, "without the cache, the JSON")
        // Another time: the JSON is read again, and kept under its new stamp.
        try setup.date(age: 600)
        #expect(try setup.file.load(cache: setup.cache) == second)
        let redated = try FileManager.default.attributesOfItem(atPath: setup.json.path)[.modificationDate] as? Date
        try setup.write(first)
        try FileManager.default.setAttributes([.modificationDate: try #require(redated)], ofItemAtPath: setup.json.path)
        #expect(try setup.file.load(cache: setup.cache) == second, "the second read was kept")
    }

    @Test("a file modified just now is neither kept nor read from the cache; a damaged cache file is read past; a malformed baseline is an error")
    func untrusted() throws {
        let setup = try Setup()
        let baseline = Self.baseline(["a"])
        try setup.write(baseline, age: 0)
        #expect(try setup.file.load(cache: setup.cache) == baseline)
        #expect(!FileManager.default.fileExists(atPath: setup.kept.path), "a racy stamp is not kept")
        try setup.date(age: 3_600)
        #expect(try setup.file.load(cache: setup.cache) == baseline)
        let bytes = try Data(contentsOf: setup.kept)
        try bytes.prefix(bytes.count / 2).write(to: setup.kept)
        #expect(try setup.file.load(cache: setup.cache) == baseline, "a torn cache file is not used")
        try "{\"findings\": 3}".write(to: setup.json, atomically: true, encoding: .utf8)
        try setup.date(age: 1_800)
        #expect(throws: InputFailure.self) { try setup.file.load(cache: setup.cache) }
        try FileManager.default.removeItem(at: setup.json)
        #expect(try setup.file.load(cache: setup.cache) == nil)
    }
}
