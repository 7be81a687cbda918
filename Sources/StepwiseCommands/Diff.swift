import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics

/// `stepwise diff OLD NEW`: what changed between two editions or locales of a tutorial.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show added, removed and changed sections, steps and code samples between two documents.",
        discussion: """
            OLD and NEW are two editions or locales of one tutorial. Changed code samples show a minimal \
            token diff with the lines in both files. JSON follows the schema "\(TutorialDiff.schema)".
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The older (or source) document.")
    var old: String

    @Argument(help: "The newer (or translated) document.")
    var new: String

    @Option(help: "Output format: text or json.")
    var format: Format = .text

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let workspace = project.loader(try project.configuration()).load([old, new].map(project.resolve))
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: workspace.diagnostics)
        engine.print()
        let tutorials = [old, new].map { path in workspace.document(at: URL(fileURLWithPath: project.resolve(path)))?.tutorial }
        guard let older = tutorials[0], let newer = tutorials[1] else {
            // A file that could not be read is an error already reported; warnings (a missing image) are not why.
            guard !workspace.diagnostics.contains(where: { $0.severity == .error }) else { throw InputFailure(exitCode: 1) }
            throw InputFailure(.error("usage", at: nil, "OLD and NEW must each be one Markdown file"), exitCode: 2)
        }
        let diff = TutorialDiff(old: older, new: newer)
        Console.current.output(format == .json ? try ReportJSON.encode(diff) : diff.text())
    }
}
