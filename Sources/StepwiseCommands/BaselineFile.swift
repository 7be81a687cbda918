import StepwiseDiagnostics
import Foundation
import Localization

/// The committed baseline of accepted findings (`.stepwise/baseline.json` by default).
struct BaselineFile {
    static let defaultPath = ".stepwise/baseline.json"

    var path: String
    /// The project root entries' paths are relative to.
    var root: URL
    /// The path as the user wrote it, for messages.
    var displayPath: String

    /// The baseline, or nil when the file does not exist; a malformed file is an input error.
    ///
    /// With `cache` (a folder, `.stepwise/cache/`), the baseline decoded last is kept there in the
    /// cache's binary form (`baseline.bin`), by the tool and the file's path, size and time, and read
    /// back while they are the same: a repository's baseline is tens of megabytes of JSON (a corpus's
    /// 85,000 entries took half a second to decode). A file modified too recently for its stamp to be
    /// trusted (`FileStamp.isRacy`) is neither read from nor kept in the cache.
    func load(cache: URL? = nil) throws -> Baseline? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Stamped before it is read: a file changed since has another stamp than the one kept.
        let stamp = FileStamp.read(path: path).flatMap { FileStamp.isRacy(modified: $0.modified, readAt: FileStamp.now()) ? nil : $0 }
        let kept = cache.map { $0.appendingPathComponent("baseline.bin") }
        let key = stamp.map { Self.key(path: path, stamp: $0) }
        if let kept, let key, let stored = CacheFile.read(Kept.self, from: kept), stored.key == key { return stored.baseline }
        let baseline: Baseline
        do {
            baseline = try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw InputFailure(.error("baseline-invalid", at: SourceLocation(path: displayPath), "cannot read the baseline: \(error.localizedDescription)"))
        }
        if let kept, let key {
            try? FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? CacheFile.write(Kept(key: key, baseline: baseline), to: kept)
        }
        return baseline
    }

    /// A baseline decoded, as the cache keeps it.
    private struct Kept: Codable {
        var key: String
        var baseline: Baseline
    }

    /// What a kept baseline is valid for: this tool build, and the file at `path` with `stamp`.
    private static func key(path: String, stamp: FileStamp) -> String {
        (CheckCache.tool + [path, stamp.identity]).joined(separator: "\n")
    }

    /// Writes every finding except those never baselined, keeping the entries of `previous` for
    /// files the run did not check (a partial run never drops them); returns what was written.
    @discardableResult
    func write(_ report: CheckReport, keeping previous: Baseline? = nil) throws -> Baseline {
        var baseline = Baseline(findings: report.findings.filter { !CheckReport.neverBaselined.contains($0.rule) })
        let untouched = previous?.findings.filter { !report.covers($0) && exists($0.path) } ?? []
        baseline.findings = (baseline.findings + untouched).sorted()
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(ReportJSON.encode(baseline).utf8).write(to: url, options: .atomic)
        return baseline
    }

    /// Whether the file of a baseline entry (relative to the project root) still exists: entries of
    /// deleted files are dropped.
    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path.hasPrefix("/") ? path : root.appendingPathComponent(path).path)
    }
}
