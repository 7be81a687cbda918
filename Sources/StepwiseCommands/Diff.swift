import ArgumentParser
import Localization

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

    @OptionGroup var reading: ReadingOptions

    func run() throws {
        let reader = reading.reader
        let tutorials = try [old, new].map { try reader.read([$0]) }
        guard tutorials.allSatisfy({ $0.count == 1 }) else {
            Console.current.error("error: OLD and NEW must each be one Markdown file\n")
            throw InputFailure(exitCode: 2)
        }
        let diff = TutorialDiff(old: tutorials[0][0], new: tutorials[1][0])
        Console.current.output(format == .json ? try ReportJSON.encode(diff) : diff.text())
    }
}
