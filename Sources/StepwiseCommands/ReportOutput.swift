import Foundation
import Localization
import StepwiseWorkspace
import StepwiseDiagnostics

/// The end of `check` and of `merge`: rule overrides from `stepwise.yml`, the baseline, the output in
/// the chosen format and the exit status. Both print exactly the same for the same report.
struct ReportOutput {
    var format: Check.Format
    var failOn: FailOn
    var sources: SourceOptions
    var baseline: String
    var noBaseline: Bool

    func finish(_ report: CheckReport, configuration: ProjectConfiguration, updateBaseline: Bool = false,
                baseline loading: Concurrently.Pending<Result<Baseline?, any Error>>? = nil) throws {
        var report = report
        report.apply(configuration.ruleSettings.map(RuleOverride.init))
        let file = baselineFile
        if updateBaseline {
            let previous = try file.load()
            let written = try file.write(report, keeping: previous)
            Console.current.output("wrote \(written.findings.count) findings to \(baseline) (\(previous.map { "was \($0.findings.count)" } ?? "new file"))\n")
            return
        }
        // Read once: by `loading` when given (a baseline absent there is not looked for again).
        if !noBaseline, let accepted = try loading.map({ try $0.value.get() }) ?? file.load() { report.apply(accepted) }
        switch format {
        case .text: for piece in report.textPieces() { Console.current.output(piece) }
        case .json: for piece in CheckJSON(report: report).pieces { Console.current.output(piece) }
        case .sarif:
            for piece in report.sarifPieces(rules: try sources.ruleCatalog(), toolVersion: Stepwise.configuration.version) { Console.current.output(piece) }
        case .github: for piece in report.githubAnnotationPieces() { Console.current.output(piece) }
        }
        let status = failOn.exitStatus(report.reportable.map { $0.severity })
        if status != 0 { throw InputFailure(exitCode: status) }
    }

    private var baselineFile: BaselineFile {
        BaselineFile(path: sources.project.resolve(baseline), root: sources.project.rootURL, displayPath: baseline)
    }

    /// The baseline `finish` applies, read on another thread from now on (a corpus's takes half a
    /// second to decode): what `finish(_:configuration:updateBaseline:baseline:)` is given. Nil when
    /// none is applied. `cache`: where the baseline decoded is kept (see `BaselineFile.load(cache:)`).
    func startLoadingBaseline(cache: URL?) -> Concurrently.Pending<Result<Baseline?, any Error>>? {
        guard !noBaseline else { return nil }
        let file = baselineFile
        return Concurrently.start { Result { try file.load(cache: cache) } }
    }
}
