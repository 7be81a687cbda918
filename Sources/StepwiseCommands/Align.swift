import ArgumentParser
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// `stepwise align`: the alignment of every translation and edition with its source, as JSON.
struct Align: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print how each translation and edition lines up with its source (JSON).",
        discussion: """
            For each document that has a source: the paired sections, steps and code samples (matched by \
            code, file names, terms and anchors, never by translated prose) and each sample pair's \
            classification, token differences and proposed repair.
            """)

    @Argument(help: "Content directories or Markdown files (default: content).")
    var paths: [String] = ["content"]

    @OptionGroup var sources: SourceOptions

    func run() throws {
        // A batch of tutorials at a time, as `check --no-cache` (a corpus read whole held 1.45 GB).
        let checked = try Check.checkedInBatches(paths.map(sources.project.resolve), loader: sources.loader(), keepingDiagnostics: true)
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: checked.diagnostics)
        engine.print()
        Console.current.output(try ReportJSON.encode(AlignJSON(alignments: checked.report.alignments)))
    }
}

/// The JSON of `stepwise align`.
struct AlignJSON: Encodable {
    var schema = "stepwise.alignment/1"
    var alignments: [TutorialAlignment]
}
