import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// Options of the commands that compare variants with their source: the project and the source.
struct SourceOptions: ParsableArguments {
    @OptionGroup var project: ProjectOptions

    @Option(help: "The locale of source documents (default: defaultLocale in stepwise.yml).")
    var sourceLocale: String?

    @Option(help: "The edition of source documents (default: sourceEdition in stepwise.yml).")
    var sourceEdition: String?

    /// The loader of the project's documents, with the source locale and edition chosen.
    func loader() throws -> WorkspaceLoader {
        project.loader(try project.configuration(), sourceLocale: sourceLocale, sourceEdition: sourceEdition)
    }

    /// Every rule a report can name, for SARIF.
    func ruleCatalog() throws -> [FindingRule] {
        FindingRule.documentRules + FindingRule.alignmentRules + FindingRule.linkRules + (try CorruptionLinter(rules: CorruptionRule.bundled()).ruleDescriptions)
    }
}
