import Foundation
import Localization
import StepwiseDiagnostics

/// The subset of SARIF 2.1.0 that `stepwise check --format sarif` writes, as `Encodable` types: what
/// `JSONEncoder` prints for a report's log is what `CheckReport.sarif` must write (`SARIFWriterTests`).
struct SARIFLog: Encodable {
    enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    var schema = "https://json.schemastore.org/sarif-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    struct Run: Encodable {
        var tool: Tool
        var results: [Result]
        var columnKind = "unicodeCodePoints"
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var informationUri: String
        var rules: [Rule]
    }

    struct Rule: Encodable {
        var id: String
        var shortDescription: Message
        var defaultConfiguration: Configuration
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Message: Encodable {
        var text: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]?
        var baselineState: String?
        var properties: [String: String]?
    }

    struct Location: Encodable {
        var id: Int?
        var physicalLocation: PhysicalLocation
        var message: Message?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region
    }

    struct ArtifactLocation: Encodable {
        var uri: String
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
    }
}

extension SARIFLog {
    /// The log of `report` (its findings in report order; the rules of `rules` they use, by id),
    /// printed by `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, and a
    /// line feed.
    static func encoded(_ report: CheckReport, rules: [FindingRule], toolVersion: String) throws -> String {
        let used = Set(report.findings.map(\.rule))
        let catalog = rules.filter { used.contains($0.id) }.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: catalog.enumerated().map { ($1.id, $0) })
        let driver = Driver(
            name: "stepwise", version: toolVersion, informationUri: "https://github.com/stepwise-docs/stepwise",
            rules: catalog.map { Rule(id: $0.id, shortDescription: .init(text: $0.summary), defaultConfiguration: .init(level: level($0.severity))) })
        let results = report.findings.map { finding in
            Result(
                ruleId: finding.rule, ruleIndex: ruleIndex[finding.rule] ?? 0, level: level(finding.severity),
                message: .init(text: finding.message),
                locations: [location(finding.path, finding.line, finding.column)],
                relatedLocations: finding.source.map { [location($0.path, $0.line, nil, id: 1, message: "source")] },
                partialFingerprints: finding.fingerprint.map { ["stepwise/v1": $0] },
                baselineState: finding.baseline.map { $0 == .known ? "unchanged" : "new" },
                properties: ["locale": finding.locale])
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let log = SARIFLog(runs: [Run(tool: Tool(driver: driver), results: results)])
        return String(decoding: try encoder.encode(log), as: UTF8.self) + "\n"
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    private static func location(_ path: String, _ line: Int, _ column: Int?, id: Int? = nil, message: String? = nil) -> Location {
        Location(
            id: id,
            physicalLocation: .init(artifactLocation: .init(uri: path), region: .init(startLine: max(line, 1), startColumn: column.map { max($0, 1) })),
            message: message.map { .init(text: $0) })
    }
}
