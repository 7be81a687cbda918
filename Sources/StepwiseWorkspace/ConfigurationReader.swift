import StepwiseDiagnostics
import Yams

/// Reads the YAML of `stepwise.yml` into a `ProjectConfiguration`, rejecting unknown keys.
struct ConfigurationReader {
    /// The configuration's path, for messages.
    var path: String

    static let topKeys = ["defaultLocale", "sourceEdition", "siteURL", "docsBaseURL", "externalDocuments", "editURL", "lastUpdated", "driftReportPageSize", "listPageSize", "contract", "check", "codeRoots"]

    func read(_ text: String) throws -> ProjectConfiguration {
        var configuration = ProjectConfiguration()
        guard let root = try Yams.compose(yaml: text) else { return configuration }
        let top = try mapping(root, named: "the configuration", keys: Self.topKeys)
        if let value = top["defaultLocale"] { configuration.defaultLocale = try scalar(value, "defaultLocale").lowercased() }
        if let value = top["sourceEdition"] { configuration.sourceEdition = try scalar(value, "sourceEdition") }
        if let value = top["siteURL"] {
            let url = try scalar(value, "siteURL")
            configuration.siteURL = url.hasSuffix("/") ? url : url + "/"
        }
        if let value = top["docsBaseURL"] { configuration.docsBaseURL = try scalar(value, "docsBaseURL") }
        if let value = top["editURL"] { configuration.editURL = try scalar(value, "editURL") }
        if let value = top["lastUpdated"] {
            let written = try scalar(value, "lastUpdated")
            guard let source = ProjectConfiguration.LastUpdated(rawValue: written) else {
                throw problem(value, "lastUpdated must be one of: \(ProjectConfiguration.LastUpdated.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            configuration.lastUpdated = source
        }
        for (key, property) in [("driftReportPageSize", \ProjectConfiguration.driftReportPageSize), ("listPageSize", \.listPageSize)] {
            guard let value = top[key] else { continue }
            guard let size = Int(try scalar(value, key)), size > 0 else {
                throw problem(value, "\(key) must be a number of bytes greater than 0")
            }
            configuration[keyPath: property] = size
        }
        if let value = top["externalDocuments"] { configuration.externalDocuments = try list(value, "externalDocuments") }
        if let contract = top["contract"] {
            let keys = try mapping(contract, named: "contract", keys: ["tutorial"])
            configuration.contractTutorial = try keys["tutorial"].map { try scalar($0, "contract.tutorial") }
        }
        if let roots = top["codeRoots"] {
            guard let items = roots.sequence else { throw problem(roots, "codeRoots must be a list of folders") }
            configuration.codeRoots = try items.map { try scalar($0, "codeRoots") }
        }
        if let check = top["check"] {
            let keys = try mapping(check, named: "check", keys: ["rules"])
            configuration.ruleSettings = try keys["rules"].map(ruleSettings) ?? []
        }
        return configuration
    }

    private func ruleSettings(_ node: Node) throws -> [RuleSetting] {
        guard let rules = node.mapping else { throw problem(node, "check.rules must map rule ids to a severity and a reason") }
        return try rules.map { key, value in
            let rule = key.string ?? ""
            let fields = try mapping(value, named: "rule “\(rule)”", keys: ["severity", "reason"])
            guard let level = fields["severity"]?.string else { throw problem(value, "rule “\(rule)” needs a severity: error, warning, note or off") }
            guard let reason = fields["reason"]?.string, !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw problem(value, "rule “\(rule)” needs a reason for its override")
            }
            return RuleSetting(rule: rule, severity: try severity(level, at: fields["severity"] ?? value), reason: reason, location: location(key))
        }
    }

    private func severity(_ level: String, at node: Node) throws -> Severity? {
        if level == "off" { return nil }
        guard let severity = Severity(rawValue: level) else { throw problem(node, "unknown severity “\(level)”; use error, warning, note or off") }
        return severity
    }

    /// The entries of a mapping node by key; a key outside `keys` is an error with a suggestion.
    private func mapping(_ node: Node, named name: String, keys: [String]) throws -> [String: Node] {
        guard let mapping = node.mapping else { throw problem(node, "\(name) must be a mapping of keys to values") }
        var result: [String: Node] = [:]
        for (key, value) in mapping {
            guard let text = key.string else { throw problem(key, "keys of \(name) must be plain text") }
            guard keys.contains(text) else {
                let suggestion = ClosestName.find(text, in: keys).map { "; did you mean “\($0)”?" } ?? ""
                throw problem(key, "unknown key “\(text)” in \(name)\(suggestion) (known: \(keys.joined(separator: ", ")))")
            }
            result[text] = value
        }
        return result
    }

    private func scalar(_ node: Node, _ name: String) throws -> String {
        guard let text = node.scalar?.string else { throw problem(node, "\(name) must be a single value") }
        return text
    }

    /// A list of single values (a single value counts as a list of one).
    private func list(_ node: Node, _ name: String) throws -> [String] {
        if let scalar = node.scalar { return [scalar.string] }
        guard let sequence = node.sequence else { throw problem(node, "\(name) must be a list of values") }
        return try sequence.map { try scalar($0, name) }
    }

    private func location(_ node: Node) -> SourceLocation {
        SourceLocation(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    private func problem(_ node: Node, _ message: String) -> StepwiseError {
        StepwiseError("config-invalid", at: location(node), message)
    }
}
