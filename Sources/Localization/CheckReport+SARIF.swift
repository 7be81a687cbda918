import Foundation
import StepwiseDiagnostics

extension CheckReport {
    /// The report as a SARIF 2.1.0 log (validated against the official schema in the tests).
    public func sarif(rules: [FindingRule], toolVersion: String) throws -> String {
        let used = Set(findings.map(\.rule))
        let catalog = rules.filter { used.contains($0.id) }.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: catalog.enumerated().map { ($1.id, $0) })
        let driver = SARIFLog.Driver(
            name: "stepwise", version: toolVersion, informationUri: "https://github.com/stepwise-docs/stepwise",
            rules: catalog.map { SARIFLog.Rule(id: $0.id, shortDescription: .init(text: $0.summary), defaultConfiguration: .init(level: Self.level($0.severity))) })
        let results = findings.map { finding in
            SARIFLog.Result(
                ruleId: finding.rule, ruleIndex: ruleIndex[finding.rule] ?? 0, level: Self.level(finding.severity),
                message: .init(text: finding.message),
                locations: [Self.location(finding.path, finding.line, finding.column)],
                relatedLocations: finding.source.map { [Self.location($0.path, $0.line, nil, id: 1, message: "source")] },
                partialFingerprints: finding.fingerprint.map { ["stepwise/v1": $0] },
                baselineState: finding.baseline.map { $0 == .known ? "unchanged" : "new" },
                properties: ["locale": finding.locale])
        }
        let log = SARIFLog(runs: [SARIFLog.Run(tool: SARIFLog.Tool(driver: driver), results: results)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(log), as: UTF8.self) + "\n"
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    static func location(_ path: String, _ line: Int, _ column: Int?, id: Int? = nil, message: String? = nil) -> SARIFLog.Location {
        SARIFLog.Location(
            id: id,
            physicalLocation: .init(artifactLocation: .init(uri: path), region: .init(startLine: max(line, 1), startColumn: column.map { max($0, 1) })),
            message: message.map { .init(text: $0) })
    }
}
