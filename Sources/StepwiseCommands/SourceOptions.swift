import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics

/// Options shared by the commands that compare variants with their source.
struct SourceOptions: ParsableArguments {
    @Option(help: "The locale of source documents.")
    var sourceLocale: String = "en-us"

    @Option(help: "The edition of source documents.")
    var sourceEdition: String = "current"

    @Option(help: "The content root holding one folder per locale (default: found from each file's path).")
    var contentRoot: String?

    var selection: SourceSelection { SourceSelection(locale: sourceLocale, edition: sourceEdition) }

    /// Reads every document under `paths` and runs the checks.
    func checkReport(_ paths: [String], scope: ChangeScope? = nil) throws -> CheckReport {
        let inputs = try TutorialReader(contentRoot: contentRoot, defaultLocale: sourceLocale)
            .readForCheck(paths, scope: scope, selection: selection)
        return try checker().check(inputs)
    }

    func checker() throws -> DriftChecker {
        do {
            return try DriftChecker.bundled(selection: selection)
        } catch {
            Console.current.error("error: cannot load the bundled corruption rules: \(error)\n")
            throw InputFailure()
        }
    }

    /// Every rule a report can name, for SARIF.
    func ruleCatalog() throws -> [FindingRule] {
        FindingRule.alignmentRules + (try CorruptionLinter(rules: CorruptionRule.bundled()).ruleDescriptions)
    }
}
