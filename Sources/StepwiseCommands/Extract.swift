import ArgumentParser
import Foundation
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// `stepwise extract`: prints the tutorial model of each document.
struct Extract: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read tutorials into a model of sections, steps and code samples.",
        discussion: """
            Each PATH is a Markdown document or a directory searched recursively for *.md (files in \
            includes/ folders are read through the documents that include them). Code samples that the \
            Markdown broke are reassembled and their damage reported. JSON output (one object for one \
            document, an array for several) follows the schema "\(Tutorial.schema)" described in README.md.
            Every document is read: problems print as path:line:col: error: message [rule] on standard \
            error, the models of every document that could be read still print, and the exit status is 1 \
            when a problem is at or above --fail-on (0 otherwise, 2 for usage or configuration errors).
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "Markdown files or directories to read.")
    var paths: [String]

    @Option(help: "Output format: json or text (a readable outline).")
    var format: Format = .json

    @OptionGroup var project: ProjectOptions

    @Option(help: "The locale whose includes others fall back to (default: defaultLocale in stepwise.yml).")
    var defaultLocale: String?

    @Option(help: "Exit with status 1 when a problem is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one PATH.") }
    }

    func run() throws {
        var loader = project.loader(try project.configuration(), sourceLocale: defaultLocale)
        loader.keepsLoadedDocuments = false  // the models are all extract shows
        let workspace = loader.load(paths.map(project.resolve))
        let tutorials = workspace.reported.compactMap(\.tutorial)
        if !tutorials.isEmpty {
            switch format {
            case .json:
                try TutorialJSON.write(tutorials) { Console.current.output($0) }
                Console.current.output("\n")
            case .text:
                Console.current.output(tutorials.map(TutorialOutline.render).joined(separator: "\n"))
            }
        }
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: workspace.diagnostics)
        engine.print()
        try engine.exit(failOn: failOn)
    }
}
