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
    func load() throws -> Baseline? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw InputFailure(.error("baseline-invalid", at: SourceLocation(path: displayPath), "cannot read the baseline: \(error.localizedDescription)"))
        }
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
