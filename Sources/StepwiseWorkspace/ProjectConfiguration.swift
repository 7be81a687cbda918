public import Foundation
public import StepwiseDiagnostics
import Yams

/// The project configuration, `stepwise.yml` at the project root: read once, by this type, for
/// every stage. Every key is optional; an unknown key is an error that names the closest known one.
///
/// ```yaml
/// defaultLocale: en-us          # the source locale; includes fall back to it
/// sourceEdition: current        # the edition shown as current; others are archived
/// siteURL: https://docs.example.org/
/// docsBaseURL: https://docs.example.org/{locale}/{name}/
/// externalDocuments: [articles/storage/]   # documents published elsewhere, linked through docsBaseURL
/// editURL: https://github.com/org/repo/edit/main/{path}   # "edit this page"
/// lastUpdated: git             # pages dated by their last commit (default: metadata, the ms.date)
/// driftReportPageSize: 500000  # about the most bytes of findings on one page of the drift report
/// listPageSize: 500000         # about the most bytes of one page of the site index or of a status page
/// contract:
///   tutorial: en-us/articles/…/notify-users.md   # without it, the contract stage is skipped
/// codeRoots: [samples]         # folders outside the content root code references may read
/// check:
///   rules:
///     code-comments: { severity: off, reason: Translated comments are welcome. }
/// ```
public struct ProjectConfiguration: Hashable, Sendable {
    public enum LastUpdated: String, Hashable, Sendable, CaseIterable {
        case metadata, git
    }

    public static let fileName = "stepwise.yml"

    /// The locale translations are checked against and whose includes others fall back to.
    public var defaultLocale = "en-us"
    /// The edition published as the current page and used as the source.
    public var sourceEdition = "current"
    /// The absolute URL the site is published at, ending in `/`.
    public var siteURL = "https://stepwise.example.org/"
    /// The URL pattern of documents named in `externalDocuments`: `{locale}` and `{name}` are replaced.
    public var docsBaseURL = "https://azure.microsoft.com/{locale}/documentation/articles/{name}/"
    /// Path prefixes, below the locale folder, of documents published elsewhere: links to them go to
    /// `docsBaseURL`; a link to any other document that is not in `content/` is broken.
    public var externalDocuments: [String] = []
    /// The URL pattern of a document's source for writers, `{path}` its path from the project root
    /// (`https://github.com/org/repo/edit/main/{path}`); nil: no "edit this page" link.
    public var editURL: String?
    /// Where a page's "updated" date comes from: `metadata` (its `ms.date`), or `git` (the last commit
    /// that changed the document or one of its includes, when the content is in a git repository).
    public var lastUpdated: LastUpdated = .metadata
    /// About the most bytes of findings one page of the drift report shows; a locale with more is
    /// split into pages by folder.
    public var driftReportPageSize = 500_000
    /// About the most bytes of tutorials one page of the site index lists; a site with more has an
    /// index of parts by folder.
    public var listPageSize = 500_000
    /// The tutorial the Swift contract is generated from, relative to the content root; nil: no contract.
    public var contractTutorial: String?
    /// Folders besides the content root that code references may read from, relative to the project root.
    public var codeRoots: [String] = []
    /// Severity overrides of check rules, each with its reason.
    public var ruleSettings: [RuleSetting] = []
    /// Where the configuration was read from, for messages; nil when there is no file.
    public var displayPath: String?

    public init() {}

    /// The configuration in `url` (shown as `displayPath`); the defaults when the file does not exist.
    public static func load(_ url: URL, displayPath: String) throws(StepwiseError) -> ProjectConfiguration {
        guard FileManager.default.fileExists(atPath: url.path) else { return ProjectConfiguration() }
        let data: Data
        do {
            data = try ContainedFiles(root: url.deletingLastPathComponent()).read(url, maximumBytes: 1 << 20)
        } catch {
            throw StepwiseError("config-unreadable", at: SourceLocation(path: displayPath), "cannot read the configuration: \(error)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw StepwiseError("config-unreadable", at: SourceLocation(path: displayPath), "cannot read the configuration as UTF-8 text")
        }
        do {
            var configuration = try ConfigurationReader(path: displayPath).read(text)
            configuration.displayPath = displayPath
            return configuration
        } catch let error as StepwiseError {
            throw error
        } catch let error as YamlError {
            switch error {
            case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
                throw StepwiseError("config-invalid", at: SourceLocation(path: displayPath, line: mark.line, column: mark.column), "not valid YAML: \(problem)")
            default:
                throw StepwiseError("config-invalid", at: SourceLocation(path: displayPath), "not valid YAML: \(error)")
            }
        } catch {
            throw StepwiseError("config-invalid", at: SourceLocation(path: displayPath), "not valid YAML: \(error)")
        }
    }
}

/// A rule's severity changed in `check.rules`.
public struct RuleSetting: Hashable, Sendable {
    public var rule: String
    /// The new severity; nil turns the rule off.
    public var severity: Severity?
    public var reason: String
    public var location: SourceLocation

    public init(rule: String, severity: Severity?, reason: String, location: SourceLocation) {
        self.rule = rule
        self.severity = severity
        self.reason = reason
        self.location = location
    }
}
