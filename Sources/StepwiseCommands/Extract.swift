import ArgumentParser
import Foundation
import StepwiseDiagnostics
import StepwiseWorkspace
import Synchronization
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
        // Each model is written as soon as it is made and dropped: only the documents' problems are
        // kept. The batches are written on another thread while the next one is modelled: the
        // console is the one this command was given, not that thread's.
        let console = Console.current
        let state = Mutex(Output(json: TutorialJSON.Writer { console.outputBytes($0) }))
        let format = format
        let problems = try loader.stream(paths.map(project.resolve)) { batch in
            state.withLock { state in state.write(batch, format: format, to: console) }
        }
        let documentProblems = state.withLock { state in
            if state.json.count > 0 {
                state.json.finish()
                console.output("\n")
            }
            return state.problems
        }
        // The engine sorts them and keeps each once (as `Workspace.diagnostics` does).
        let engine = DiagnosticEngine()
        // A corpus's problems are not freed by this thread, which prints them and exits.
        defer { Concurrently.discard(engine) }
        engine.emit(contentsOf: problems + documentProblems)
        engine.print()
        try engine.exit(failOn: failOn)
    }

    /// What the command has written so far, and the documents' problems.
    private struct Output {
        var json: TutorialJSON.Writer
        var outlines = 0
        /// The problems of every reported document: all the command keeps of a document once its
        /// model is written (the rest is freed here, on the writing thread, batch by batch).
        var problems: [Diagnostic] = []

        /// Writes the models of `batch` and keeps its documents' problems.
        mutating func write(_ batch: [WorkspaceDocument], format: Format, to console: Console) {
            let tutorials = batch.compactMap(\.tutorial)
            switch format {
            case .json:
                json.add(tutorials)
            case .text:
                for tutorial in tutorials {
                    console.output((outlines > 0 ? "\n" : "") + TutorialOutline.render(tutorial))
                    outlines += 1
                }
            }
            for document in batch where document.isReported { problems += document.diagnostics }
        }
    }
}
