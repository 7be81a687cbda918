import DocFXDialect
import Foundation
import Localization
import StepwiseTestSupport
import TutorialModel

/// The seeds of `content/` read for the checks, and the report of checking all of them (computed once).
enum SeedCheck {
    static let inputs: [CheckInput] = RepositoryFiles.seeds.map { load(RepositoryFiles.seed($0.gold)) }

    static let report: CheckReport = try! DriftChecker.bundled(selection: SourceSelection(locale: "en-us")).check(inputs)

    static func load(_ url: URL, contentRoot: URL? = nil) -> CheckInput {
        let loader = DocumentLoader(workingDirectory: RepositoryFiles.root, defaultLocale: "en-us", contentRoot: contentRoot)
        let document = try! loader.load(url)
        return CheckInput(document: document, tutorial: TutorialExtractor(loader: loader).extract(document))
    }

    static func input(_ gold: String) -> CheckInput {
        inputs[RepositoryFiles.seeds.firstIndex { $0.gold == gold }!]
    }

    /// Findings of one rule in the files of one locale.
    static func findings(_ rule: String, locale: String) -> [Finding] {
        report.findings.filter { $0.rule == rule && $0.path.hasPrefix("content/\(locale)/") }
    }

    static func alignment(_ gold: String) -> TutorialAlignment {
        let path = input(gold).tutorial.source
        return report.alignments.first { $0.target.path == path }!
    }
}
