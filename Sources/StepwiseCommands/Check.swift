import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

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

    @Argument(help: "Content directories or Markdown files (default: content).")
    var paths: [String] = ["content"]

    @Option(help: "Exit with status 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(help: "Output format: text, json, sarif or github (workflow annotations).")
    var format: Format = .text

    @OptionGroup var sources: SourceOptions

    @Option(help: "The baseline of accepted findings.")
    var baseline: String = BaselineFile.defaultPath

    @Flag(help: "Report every finding, ignoring the baseline.")
    var noBaseline = false

    @Flag(help: "Write the current findings to the baseline (accepting them) and exit. Entries of files this run did not check are kept.")
    var updateBaseline = false

    @Option(help: ArgumentHelp(
        "Check only tutorials changed since this git revision (their files, includes or source).",
        valueName: "revision"))
    var changedSince: String?

    func validate() throws {
        if noBaseline && updateBaseline { throw ValidationError("--no-baseline and --update-baseline exclude each other.") }
    }

    func run() throws {
        let project = sources.project
        let scope = try changedSince.map { try ChangeScope.since($0, around: project.resolve(paths.first ?? ".")) }
        let loader = try sources.loader()
        let selection = SourceSelection(locale: loader.sourceLocale, edition: loader.sourceEdition)
        let workspace = loader.load(paths.map(project.resolve), withSources: true, selecting: scope.map { scope in { @Sendable urls in scope.select(urls, selection: selection) } })
        var report = try WorkspaceCheck(workspace: workspace).run()
        if scope == nil, isWholeContent(workspace) {
            report.add(try GeneratedOutputCheck(workspace: workspace).findings(report: report))
        }
        report.apply(workspace.configuration.ruleSettings.map(RuleOverride.init))
        let file = BaselineFile(path: project.resolve(baseline), root: project.rootURL, displayPath: baseline)
        if updateBaseline {
            let previous = try file.load()
            let written = try file.write(report, keeping: previous)
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
        let status = failOn.exitStatus(report.reportable.map { $0.severity })
        if status != 0 { throw InputFailure(exitCode: status) }
    }

    /// True when the run covers the project's whole `content/` folder: only then is generated output compared.
    private func isWholeContent(_ workspace: Workspace) -> Bool {
        let content = workspace.root.appendingPathComponent("content").standardizedFileURL
        return workspace.contentRoot == content && paths.map { sources.project.resolve($0) } == [content.path]
    }
}

/// The JSON of `stepwise check`: findings, summary and sentence staleness (alignments: `stepwise align`).
struct CheckJSON: Encodable {
    var schema: String
    var findings: [Finding]
    var summary: CheckSummary
    var staleness: [String: SentenceStaleness.Counts]
    /// The files the run checked (documents and includes), sorted: what its findings cover.
    var checkedFiles: [String]

    init(report: CheckReport) {
        schema = report.schema
        checkedFiles = report.checkedFiles.sorted()
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
