import Localization
import StepwiseWorkspace

extension RuleOverride {
    /// The check's override from the configuration's `check.rules` entry.
    init(_ setting: RuleSetting) {
        self.init(
            rule: setting.rule, level: setting.severity.map { .severity($0) } ?? .off, reason: setting.reason,
            path: setting.location.path, line: setting.location.line, column: setting.location.column)
    }
}
