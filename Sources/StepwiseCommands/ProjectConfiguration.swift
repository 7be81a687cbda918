import Foundation
import Localization
import StepwiseDiagnostics
import Yams

/// What the commands read from the project configuration (`stepwise.yml` at the project root);
/// the site reads its own keys (`siteURL`, `docsBaseURL`) from the same file.
///
/// ```yaml
/// defaultLocale: en-us          # the source locale
/// sourceEdition: current        # the source edition
/// contract:
///   tutorial: en-us/articles/…/notification-hubs-aspnet-backend-ios-notify-users.md
/// check:
///   rules:
///     code-comments:
///       severity: off           # error, warning, note or off
///       reason: Translated comments are welcome in localized samples.
/// ```
struct ProjectConfiguration {
    static let defaultPath = "stepwise.yml"

    var defaultLocale: String?
    var sourceEdition: String?
    var contractTutorial: String?
    var overrides: [RuleOverride] = []

    /// The configuration in `file` (shown as `path`); empty when the file does not exist. Mistakes
    /// are reported as `path:line:col: error: …` and end the command with status 1.
    static func load(_ file: String, displayPath path: String) throws -> ProjectConfiguration {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return ProjectConfiguration() }
        do {
            guard let root = try Yams.compose(yaml: text) else { return ProjectConfiguration() }
            return ProjectConfiguration(
                defaultLocale: root["defaultLocale"]?.string, sourceEdition: root["sourceEdition"]?.string,
                contractTutorial: root["contract"]?["tutorial"]?.string,
                overrides: try root["check"]?["rules"].map { try overrides($0, path: path) } ?? [])
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
            return RuleOverride(rule: rule, level: try parse(level, at: value), reason: reason, path: path,
                                line: key.mark?.line ?? 1, column: key.mark?.column ?? 1)
        }
    }

    private static func parse(_ level: String, at node: Node) throws -> RuleOverride.Level {
        if level == "off" { return .off }
        guard let severity = Severity(rawValue: level) else {
            throw ConfigurationError(node, "unknown severity “\(level)”; use error, warning, note or off")
        }
        return .severity(severity)
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
