import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics

/// `stepwise check`: aligns every translation and edition with its source and reports drift.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report drifted, damaged, missing and stale translations and corrupted text.",
        discussion: """
            Aligns each localized variant and older edition with its source (the source locale's current \
            edition of the same tutorial: same ms.assetid, else same path), classifies every code sample \
            pair, checks sentence and page staleness and lints text for known corruption. Findings print as \
            path:line:col: severity: message [rule]. Exit status: 0 when no finding is at or above \
            --fail-on, 1 otherwise, 2 for usage errors.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    enum Threshold: String, ExpressibleByArgument, CaseIterable {
        case error, warning, never

        var severity: Severity? {
            switch self {
            case .error: .error
            case .warning: .warning
            case .never: nil
            }
        }
    }

    @Argument(help: "Content directories or Markdown files (default: content).")
    var paths: [String] = ["content"]

    @Option(help: "Exit with status 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: Threshold = .error

    @Option(help: "Output format: text, json, sarif or github (workflow annotations).")
    var format: Format = .text

    @OptionGroup var sources: SourceOptions

    @Option(help: "The baseline of accepted findings.")
    var baseline: String = BaselineFile.defaultPath

    @Flag(help: "Report every finding, ignoring the baseline.")
    var noBaseline = false

    @Flag(help: "Write the current findings to the baseline (accepting them) and exit.")
    var updateBaseline = false

    @Option(help: ArgumentHelp(
        "Check only tutorials changed since this git revision (their files, includes or source).",
        valueName: "revision"))
    var changedSince: String?

    func validate() throws {
        if noBaseline && updateBaseline { throw ValidationError("--no-baseline and --update-baseline exclude each other.") }
        if changedSince != nil && updateBaseline { throw ValidationError("--update-baseline needs a full check; drop --changed-since.") }
    }

    func run() throws {
        let project = try sources.project()
        let selection = sources.selection(project)
        let scope = try changedSince.map { try ChangeScope.since($0, around: sources.resolve(paths.first ?? ".")) }
        var (inputs, report) = try sources.check(paths, scope: scope, selection: selection)
        let generated = GeneratedOutputCheck(root: sources.rootURL, contractTutorial: project.contractTutorial)
        let wholeContent = scope == nil && sources.contentRoot == nil
            && paths.map(sources.resolve) == [sources.rootURL.appendingPathComponent("content").path]
        report.add(try generated.findings(reusing: wholeContent ? .init(inputs: inputs, report: report, selection: selection) : nil))
        report.apply(project.overrides)
        let file = BaselineFile(path: sources.resolve(baseline), displayPath: baseline)
        if updateBaseline {
            let previous = try file.load()
            let written = try file.write(report)
            Console.current.output("wrote \(written.findings.count) findings to \(baseline) (\(previous.map { "was \($0.findings.count)" } ?? "new file"))\n")
            return
        }
        if !noBaseline, let accepted = try file.load() { report.apply(accepted) }
        switch format {
        case .text: Console.current.output(report.text())
        case .json: Console.current.output(try ReportJSON.encode(CheckJSON(report: report)))
        case .sarif: Console.current.output(try report.sarif(rules: try sources.ruleCatalog(), toolVersion: Stepwise.configuration.version))
        case .github: Console.current.output(report.githubAnnotations())
        }
        if report.fails(at: failOn.severity) { throw InputFailure(exitCode: 1) }
    }
}

/// The JSON of `stepwise check`: findings, summary and sentence staleness (alignments: `stepwise align`).
struct CheckJSON: Encodable {
    var schema: String
    var findings: [Finding]
    var summary: CheckSummary
    var staleness: [String: SentenceStaleness.Counts]

    init(report: CheckReport) {
        schema = report.schema
        findings = report.findings
        summary = report.summary
        staleness = report.staleness
    }
}

/// Deterministic, readable JSON.
enum ReportJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
