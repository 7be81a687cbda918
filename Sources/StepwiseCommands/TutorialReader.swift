import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics
import TutorialModel

/// Collects, loads and models documents, reporting every failure as `path:line:col: error: …`.
struct TutorialReader {
    var contentRoot: String?
    var defaultLocale: String
    /// Relative paths are read from here, and files are named relative to it.
    var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)

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
        let loader = DocumentLoader(
            workingDirectory: root, defaultLocale: defaultLocale,
            contentRoot: contentRoot.map { URL(fileURLWithPath: $0, isDirectory: true, relativeTo: root) })
        return TutorialBatch(extractor: TutorialExtractor(loader: loader))
    }

    private func collect(_ paths: [String]) throws -> [URL] {
        do {
            return try MarkdownCollector().collect(paths.map(resolve))
        } catch {
            Console.current.error(error.description + "\n")
            throw InputFailure()
        }
    }

    /// `path` made absolute against the root.
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : root.appendingPathComponent(path).standardizedFileURL.path
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
