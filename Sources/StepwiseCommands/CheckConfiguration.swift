import Foundation
import Localization
import StepwiseDiagnostics
import Yams

/// The `check:` part of the project configuration (`stepwise.yml`):
///
/// ```yaml
/// check:
///   rules:
///     code-comments:
///       severity: off          # error, warning, note or off
///       reason: Translated comments are welcome in localized samples.
/// ```
struct CheckConfiguration {
    static let defaultPath = "stepwise.yml"

    var overrides: [RuleOverride] = []

    /// The configuration at `path`; none when the file does not exist. Mistakes are reported as
    /// `path:line:col: error: …` and end the command with status 1.
    static func load(_ file: String, displayPath path: String) throws -> CheckConfiguration {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return CheckConfiguration() }
        do {
            guard let root = try Yams.compose(yaml: text), let rules = root["check"]?["rules"] else { return CheckConfiguration() }
            return CheckConfiguration(overrides: try overrides(rules, path: path))
        } catch let error as ConfigurationError {
            Console.current.error("\(path):\(error.line):\(error.column): error: \(error.message)\n")
        } catch {
            Console.current.error("\(path):1:1: error: not valid YAML: \(error)\n")
        }
        throw InputFailure()
    }

    private static func overrides(_ rules: Node, path: String) throws -> [RuleOverride] {
        guard let mapping = rules.mapping else { throw ConfigurationError(rules, "check.rules must map rule ids to a severity and a reason") }
        return try mapping.map { key, value in
            let rule = key.string ?? ""
            guard let level = value["severity"]?.string else { throw ConfigurationError(value, "rule “\(rule)” needs a severity: error, warning, note or off") }
            guard let reason = value["reason"]?.string, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ConfigurationError(value, "rule “\(rule)” needs a reason for its override")
            }
            let parsed: RuleOverride.Level
            switch level {
            case "off": parsed = .off
            case let name: 
                guard let severity = Severity(rawValue: name) else { throw ConfigurationError(value, "unknown severity “\(name)”; use error, warning, note or off") }
                parsed = .severity(severity)
            }
            return RuleOverride(rule: rule, level: parsed, reason: reason, path: path, line: key.mark?.line ?? 1, column: key.mark?.column ?? 1)
        }
    }
}

/// A mistake in the configuration, at a node.
struct ConfigurationError: Error {
    var line: Int
    var column: Int
    var message: String

    init(_ node: Node, _ message: String) {
        line = node.mark?.line ?? 1
        column = node.mark?.column ?? 1
        self.message = message
    }
}
