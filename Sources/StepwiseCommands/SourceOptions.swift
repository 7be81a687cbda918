import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics

/// Options shared by the commands that compare variants with their source.
struct SourceOptions: ParsableArguments {
    @Option(help: "The locale of source documents (default: defaultLocale in stepwise.yml, else en-us).")
    var sourceLocale: String?

    @Option(help: "The edition of source documents (default: sourceEdition in stepwise.yml, else current).")
    var sourceEdition: String?

    @Option(help: "The content root holding one folder per locale (default: found from each file's path).")
    var contentRoot: String?

    @Option(help: "The project root: PATHs, the baseline and stepwise.yml are found from it, and findings name files relative to it.")
    var root: String = "."

    @Option(help: "The project configuration (source locale and edition, rule overrides under check.rules).")
    var config: String = ProjectConfiguration.defaultPath

    var rootURL: URL { URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL }

    func project() throws -> ProjectConfiguration {
        try ProjectConfiguration.load(resolve(config), displayPath: config)
    }

    func selection(_ project: ProjectConfiguration) -> SourceSelection {
        SourceSelection(locale: sourceLocale ?? project.defaultLocale ?? "en-us", edition: sourceEdition ?? project.sourceEdition ?? "current")
    }

    func reader(_ selection: SourceSelection) -> TutorialReader {
        TutorialReader(contentRoot: contentRoot, defaultLocale: selection.locale, root: rootURL)
    }

    /// `path` made absolute against the root.
    func resolve(_ path: String) -> String {
        TutorialReader(contentRoot: nil, defaultLocale: "", root: rootURL).resolve(path)
    }

    /// Reads every document under `paths` and runs the checks; the inputs come back for reuse.
    func check(_ paths: [String], scope: ChangeScope? = nil, selection: SourceSelection) throws -> (inputs: [CheckInput], report: CheckReport) {
        let inputs = try reader(selection).readForCheck(paths, scope: scope, selection: selection)
        return (inputs, try checker(selection).check(inputs))
    }

    func checker(_ selection: SourceSelection) throws -> DriftChecker {
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
