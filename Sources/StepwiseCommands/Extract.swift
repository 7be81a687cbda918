import ArgumentParser
import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics
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
            Bad input prints path:line:col: error: message and exits with status 1.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json, text
    }

    @Argument(help: "Markdown files or directories to read.")
    var paths: [String]

    @Option(help: "Output format: json or text (a readable outline).")
    var format: Format = .json

    @OptionGroup var reading: ReadingOptions

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one PATH.") }
    }

    func run() throws {
        let tutorials = try reading.reader.read(paths)
        switch format {
        case .json:
            Console.current.output(try TutorialJSON.encode(tutorials) + "\n")
        case .text:
            Console.current.output(tutorials.map(TutorialOutline.render).joined(separator: "\n"))
        }
    }
}
