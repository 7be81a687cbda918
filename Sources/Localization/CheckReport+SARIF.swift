import Foundation
import StepwiseDiagnostics

extension CheckReport {
    /// The report as a SARIF 2.1.0 log (validated against the official schema in the tests): the subset
    /// of SARIF that `stepwise check --format sarif` writes, pretty-printed as Foundation's
    /// `JSONEncoder` prints it with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (the tests
    /// hold it to that encoder's bytes for the same log), written straight from the findings: a corpus's
    /// log is some 80 MB, and the encoder held every value of it as a tree of its own before printing.
    public func sarif(rules: [FindingRule], toolVersion: String) throws -> String {
        sarifPieces(rules: rules, toolVersion: toolVersion).concatenated()
    }

    /// `sarif(rules:toolVersion:)` in the pieces it is written in, to be printed one after the
    /// other: the results in runs written on all cores (see `PrettyJSON.pieces`), the rest around them.
    public func sarifPieces(rules: [FindingRule], toolVersion: String) -> [String] {
        let used = Set(findings.map(\.rule))
        let catalog = rules.filter { used.contains($0.id) }.sorted { $0.id < $1.id }
        let ruleIndex = Dictionary(uniqueKeysWithValues: catalog.enumerated().map { ($1.id, $0) })
        var json = PrettyJSON(pieces: (), capacity: 4_096 + catalog.count * 1_024)
        json.object { json in
            json.field("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
            json.key("runs")
            json.array(CollectionOfOne(self)) { json, report in
                report.writeRun(catalog: catalog, ruleIndex: ruleIndex, toolVersion: toolVersion, to: &json)
            }
            json.field("version", "2.1.0")
        }
        json.newline()
        return json.takePieces()
    }

    /// The log's one run: its results (the findings, in report order) and the tool, with the rules
    /// of `catalog` (those the findings use, by id; `ruleIndex`: each one's place).
    private func writeRun(catalog: [FindingRule], ruleIndex: [String: Int], toolVersion: String, to json: inout PrettyJSON) {
        json.object { json in
            json.field("columnKind", "unicodeCodePoints")
            json.key("results")
            // On all cores: a corpus's log is some 80 MB.
            json.array(concurrently: findings) { json, finding in
                Self.writeResult(finding, ruleIndex: ruleIndex[finding.rule] ?? 0, to: &json)
            }
            json.key("tool")
            json.object { json in
                json.key("driver")
                json.object { json in
                    json.field("informationUri", "https://github.com/stepwise-docs/stepwise")
                    json.field("name", "stepwise")
                    json.key("rules")
                    json.array(catalog) { json, rule in
                        json.object { json in
                            json.key("defaultConfiguration")
                            json.object { $0.field("level", Self.level(rule.severity)) }
                            json.field("id", rule.id)
                            json.key("shortDescription")
                            Self.writeMessage(rule.summary, to: &json)
                        }
                    }
                    json.field("version", toolVersion)
                }
            }
        }
    }

    /// A result: the finding's rule, level, message and place, the source it was compared with, its
    /// fingerprint, its baseline state and its locale.
    private static func writeResult(_ finding: Finding, ruleIndex: Int, to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("baselineState", finding.baseline.map { $0 == .known ? "unchanged" : "new" })
            json.field("level", level(finding.severity))
            json.key("locations")
            json.array(CollectionOfOne(finding)) { json, finding in
                writeLocation(finding.path, finding.line, finding.column, to: &json)
            }
            json.key("message")
            writeMessage(finding.message, to: &json)
            if let fingerprint = finding.fingerprint {
                json.key("partialFingerprints")
                json.object { $0.field("stepwise/v1", fingerprint) }
            }
            json.key("properties")
            json.object { $0.field("locale", finding.locale) }
            if let source = finding.source {
                json.key("relatedLocations")
                json.array(CollectionOfOne(source)) { json, source in
                    writeLocation(source.path, source.line, nil, id: 1, message: "source", to: &json)
                }
            }
            json.field("ruleId", finding.rule)
            json.field("ruleIndex", ruleIndex)
        }
    }

    /// A location: its id and message when it has them, the file (its path as the URI) and the region
    /// (line and column, at least 1).
    private static func writeLocation(_ path: String, _ line: Int, _ column: Int?, id: Int? = nil, message: String? = nil, to json: inout PrettyJSON) {
        json.object { json in
            json.fieldIfPresent("id", id)
            if let message {
                json.key("message")
                writeMessage(message, to: &json)
            }
            json.key("physicalLocation")
            json.object { json in
                json.key("artifactLocation")
                json.object { $0.field("uri", path) }
                json.key("region")
                json.object { json in
                    json.fieldIfPresent("startColumn", column.map { max($0, 1) })
                    json.field("startLine", max(line, 1))
                }
            }
        }
    }

    /// A message: `{"text": …}`.
    private static func writeMessage(_ text: String, to json: inout PrettyJSON) {
        json.object { $0.field("text", text) }
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }
}
