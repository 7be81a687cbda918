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

    @Option(help: "The project root: PATHs, the baseline and stepwise.yml are found from it, and findings name files relative to it.")
    var root: String = "."

    var selection: SourceSelection { SourceSelection(locale: sourceLocale, edition: sourceEdition) }

    var rootURL: URL { URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL }

    var reader: TutorialReader {
        TutorialReader(contentRoot: contentRoot, defaultLocale: sourceLocale, root: rootURL)
    }

    /// Reads every document under `paths` and runs the checks.
    func checkReport(_ paths: [String], scope: ChangeScope? = nil) throws -> CheckReport {
        let inputs = try reader.readForCheck(paths, scope: scope, selection: selection)
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
