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

    @Option(help: "The content root holding one folder per locale (default: found from each file's path).")
    var contentRoot: String?

    @Option(help: "The locale whose includes others fall back to.")
    var defaultLocale: String = "en-us"

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give at least one PATH.") }
    }

    func run() throws {
        let tutorials = try TutorialReader(contentRoot: contentRoot, defaultLocale: defaultLocale).read(paths)
        switch format {
        case .json:
            Console.current.output(try TutorialJSON.encode(tutorials) + "\n")
        case .text:
            Console.current.output(tutorials.map(TutorialOutline.render).joined(separator: "\n"))
        }
    }
}

/// Collects, loads and models documents, reporting every failure as `path:line:col: error: …`.
struct TutorialReader {
    var contentRoot: String?
    var defaultLocale: String

    func read(_ paths: [String]) throws -> [Tutorial] {
        return try successes(batch.extract(try collect(paths)))
    }

    /// Every document under `paths` with the files it was read from, for the checks.
    func readForCheck(_ paths: [String], scope: ChangeScope? = nil, selection: SourceSelection = SourceSelection()) throws -> [CheckInput] {
        var urls = try collect(paths)
        var reported = Set(urls)
        if let scope {
            let selected = scope.select(urls, selection: selection)
            reported = selected.reported
            urls = urls.filter { selected.reported.contains($0) || selected.sourcesOnly.contains($0) }
        }
        return try successes(batch.load(urls)).enumerated().map { index, loaded in
            var input = CheckInput(document: loaded.document, tutorial: loaded.tutorial)
            input.isReported = reported.contains(urls[index])
            return input
        }
    }

    private var batch: TutorialBatch {
        let loader = DocumentLoader(defaultLocale: defaultLocale, contentRoot: contentRoot.map { URL(fileURLWithPath: $0, isDirectory: true) })
        return TutorialBatch(extractor: TutorialExtractor(loader: loader))
    }

    private func collect(_ paths: [String]) throws -> [URL] {
        do {
            return try MarkdownCollector().collect(paths)
        } catch {
            Console.current.error(error.description + "\n")
            throw InputFailure()
        }
    }

    /// The values of `results`, or every failure reported and `InputFailure` thrown.
    private func successes<Value>(_ results: [Result<Value, StepwiseError>]) throws -> [Value] {
        let failures = results.compactMap { result -> StepwiseError? in
            if case .failure(let error) = result { return error }
            return nil
        }
        guard failures.isEmpty else {
            for failure in failures { Console.current.error(failure.description + "\n") }
            throw InputFailure()
        }
        return results.compactMap { try? $0.get() }
    }
}

/// Deterministic JSON of tutorial models.
enum TutorialJSON {
    static func encode(_ tutorials: [Tutorial]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = tutorials.count == 1 ? try encoder.encode(tutorials[0]) : try encoder.encode(tutorials)
        return String(decoding: data, as: UTF8.self)
    }
}
