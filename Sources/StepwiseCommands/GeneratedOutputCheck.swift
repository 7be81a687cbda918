import ContractGen
import Foundation
import Localization
import StepwiseDiagnostics

/// Compares what `stepwise build` would generate with what is committed under `generated/`; every
/// difference is a `generated-stale` error (never baselined) naming the command that regenerates.
struct GeneratedOutputCheck {
    var root: URL

    func findings() throws -> [Finding] {
        try swiftContractFindings()
    }

    private func swiftContractFindings() throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/swift", isDirectory: true)
        let content = root.appendingPathComponent("content", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: content.appendingPathComponent(SwiftContractGenerator.defaultTutorial).path)
        else { return [] }
        let stale: [StaleFile]
        do {
            stale = try SwiftContractGenerator().staleFiles(in: directory, contentRoot: content)
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
