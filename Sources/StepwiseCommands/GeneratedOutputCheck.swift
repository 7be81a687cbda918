import ContractGen
import Foundation
import Localization
import StepwiseDiagnostics

/// Compares what `stepwise build` would generate with what is committed under `generated/`; every
/// difference is a `generated-stale` error (never baselined) naming the command that regenerates.
struct GeneratedOutputCheck {
    var root: URL
    /// The contract's source tutorial from `stepwise.yml`, else the generator's default.
    var contractTutorial: String?

    /// What a full check already read and found, for the site render to reuse.
    struct Reuse {
        var inputs: [CheckInput]
        var report: CheckReport
        var selection: SourceSelection
    }

    func findings(reusing reuse: Reuse? = nil) throws -> [Finding] {
        try swiftContractFindings() + siteFindings(reusing: reuse)
    }

    /// The committed `generated/site` against a fresh render, file by file.
    private func siteFindings(reusing reuse: Reuse?) throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/site", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path)
        else { return [] }
        let context = BuildContext(root: root, rootPath: ".", contractTutorial: tutorial)
        let fresh = try SitePipeline(context: context).render(reusing: reuse).files
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

    private var tutorial: String { contractTutorial ?? SwiftContractGenerator.defaultTutorial }

    private func swiftContractFindings() throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/swift", isDirectory: true)
        let content = root.appendingPathComponent("content", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: content.appendingPathComponent(tutorial).path)
        else { return [] }
        let stale: [StaleFile]
        do {
            stale = try SwiftContractGenerator().staleFiles(in: directory, contentRoot: content, tutorial: tutorial)
        } catch let error as StepwiseError {
            Console.current.error(error.description + "\n")
            throw InputFailure()
        }
        return stale.map { Finding(diagnostic: $0.diagnostic(directoryPath: "generated/swift")) }
    }
}

extension Finding {
    /// A finding from a generation diagnostic: same rule id, place and message, the fix appended.
    init(diagnostic: Diagnostic) {
        let rule = FindingRule(id: diagnostic.id, severity: diagnostic.severity, summary: diagnostic.summary)
        let fix = diagnostic.fix.map { " (\($0))" } ?? ""
        let location = diagnostic.location ?? SourceLocation(path: "generated")
        self.init(rule: rule, path: location.path, line: location.line, column: location.column,
                  message: diagnostic.summary + fix, locale: "")
    }
}
