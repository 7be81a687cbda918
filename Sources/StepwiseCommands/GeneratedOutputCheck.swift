import ContractGen
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// Compares what `stepwise build` would generate with what is committed under `generated/`; every
/// difference is a `generated-stale` error (never baselined) naming the command that regenerates.
/// It reuses the check's workspace and findings: nothing is read or checked twice.
struct GeneratedOutputCheck {
    var workspace: Workspace

    func findings(report: CheckReport) throws -> [Finding] {
        try swiftContractFindings() + siteFindings(report: report)
    }

    private var root: URL { workspace.root }

    /// The committed `generated/site` against a fresh render, file by file.
    private func siteFindings(report: CheckReport) throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/site", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path)
        else { return [] }
        let fresh = try SitePipeline(workspace: workspace, report: report).render().files
        var committed: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            committed[String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return Set(fresh.keys).union(committed.keys).sorted().compactMap { path in
            guard fresh[path] != committed[path] else { return nil }
            let what = committed[path] == nil ? "is missing" : fresh[path] == nil ? "is no longer generated" : "differs from a fresh build"
            return Finding(rule: .generatedStale, path: "generated/site/" + path, line: 1,
                           message: "generated file \(what) (run `swift run stepwise build`)", locale: "")
        }
    }

    /// The committed `generated/swift` against a fresh generation, when a contract is configured.
    private func swiftContractFindings() throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/swift", isDirectory: true)
        guard let path = workspace.configuration.contractTutorial, FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let tutorial = try ContractSource(workspace: workspace, path: path).tutorial()
        let files = SwiftContractGenerator().generate(from: tutorial, sourcePath: tutorial.source).files
        let stale = try StaleFileVerifier(directory: directory).staleFiles(comparedWith: files)
        return stale.map { Finding(diagnostic: $0.diagnostic(directoryPath: "generated/swift")) }
    }
}
