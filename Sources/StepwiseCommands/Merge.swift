import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics

/// `stepwise merge`: combines the report parts of `check --shard i/n --part FILE` into exactly what
/// one unsharded `check` prints, in any format, with the baseline and the exit status of `check`.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine the report parts of sharded checks into one report.",
        discussion: """
            Each CI job runs `stepwise check --shard i/n --part part-i.json`; one last job runs \
            `stepwise merge part-*.json --format sarif`. The output is byte for byte what \
            `stepwise check` prints for the whole repository, with the same rule overrides, baseline and \
            exit status. Every shard of the same n must be given exactly once.
            """)

    @Argument(help: "The report parts written by `stepwise check --part`.")
    var parts: [String]

    @Option(help: "Exit with status 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(help: "Output format: text, json, sarif or github (workflow annotations).")
    var format: Check.Format = .text

    @OptionGroup var sources: SourceOptions

    @Option(help: "The baseline of accepted findings.")
    var baseline: String = BaselineFile.defaultPath

    @Flag(help: "Report every finding, ignoring the baseline.")
    var noBaseline = false

    func validate() throws {
        if parts.isEmpty { throw ValidationError("Give the report parts to merge.") }
    }

    func run() throws {
        let project = sources.project
        let configuration = try project.configuration()
        let read = try parts.map { try ReportPart.read(project.resolve($0), display: $0) }
        try Self.checkComplete(read.map(\.shard), names: parts)
        let report = CheckReport.merged(read.sorted { ($0.shard?.index ?? 0) < ($1.shard?.index ?? 0) }.map(\.report))
        try ReportOutput(format: format, failOn: failOn, sources: sources, baseline: baseline, noBaseline: noBaseline)
            .finish(report, configuration: configuration)
    }

    /// Every shard 1…n of one n, each once: a missing or repeated shard would give a wrong report.
    static func checkComplete(_ shards: [Shard?], names: [String]) throws {
        let known = shards.compactMap { $0 }
        guard let count = known.first?.count else { return }
        let problem: String?
        if known.count != shards.count || known.contains(where: { $0.count != count }) {
            problem = "the parts come from different splits (\(shards.map { $0?.description ?? "unsharded" }.joined(separator: ", ")))"
        } else if let repeated = Dictionary(grouping: known, by: \.index).first(where: { $0.value.count > 1 })?.value.first {
            problem = "shard \(repeated) is given twice"
        } else if Set(known.map(\.index)) != Set(1...count) {
            let missing = Set(1...count).subtracting(known.map(\.index)).sorted()
            problem = "shards \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) are missing"
        } else {
            problem = nil
        }
        if let problem { throw InputFailure(.error("part-incomplete", at: SourceLocation(path: names[0]), "cannot merge: \(problem)")) }
    }
}
