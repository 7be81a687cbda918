import DocFXDialect
import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// The link check of a run: every link of the checked documents resolved the way the site resolves
/// it, against every document of the content (found by listing the content root, so a partial check
/// knows the documents it did not read) and the anchors of every checked document. Made once the
/// report's parts are merged, since a document's links depend on other documents.
struct LinkCheck {
    var configuration: SiteConfiguration
    /// The folder holding one folder per locale; nil: only the checked documents are known.
    var contentRoot: URL?

    /// The project root: files are named relative to it.
    var root: URL
    /// The run's listing of its folders (see `WorkspaceLoader.tree`): the documents and tables of
    /// contents are found in it.
    var tree: FolderTree?

    init(loader: WorkspaceLoader, contentRoot: URL?) {
        root = loader.root
        tree = loader.tree
        configuration = SitePipeline.configuration(loader.configuration, sourceLocale: loader.sourceLocale, sourceEdition: loader.sourceEdition)
        self.contentRoot = contentRoot
    }

    /// What the link check reads besides the links — the documents listed below the content root,
    /// the tables of contents and the link cache's records — which a run can read while its
    /// documents are checked (see `Check`).
    struct Inputs: Sendable {
        var others: [Tutorial]
        var tables: [SiteNavigation.Table]
        var records: LinkCache.Records?
    }

    /// The inputs of a check of the links below `paths`, with the records of the link cache at `cache`.
    func inputs(below paths: [URL], cache: URL?) -> Inputs {
        Inputs(others: listedDocuments(), tables: tables(below: paths), records: cache.map(LinkCache.records(at:)))
    }

    /// The findings of the links in `links`, and of the entries of the tables of contents in `tables`;
    /// with `cache`, only the documents that changed or link to one whose anchors changed are checked
    /// again. `restore` gives back the links of a document of `links` read without them (see `LinkRestorer`).
    func findings(_ links: [DocumentLinks], tables: [SiteNavigation.Table] = [], cache: LinkCache? = nil, restore: @escaping LinkRestorer = { $0 }) -> [Finding] {
        findings(links, inputs: Inputs(others: listedDocuments(), tables: tables, records: nil), cache: cache, restore: restore)
    }

    /// The findings of the links in `links` and of the tables of contents of `inputs`, read before.
    func findings(_ links: [DocumentLinks], inputs: Inputs, cache: LinkCache? = nil, restore: @escaping LinkRestorer = { $0 }) -> [Finding] {
        let others = inputs.others
        let checker = LinkChecker(documents: links, others: others, configuration: configuration)
        let linkFindings = cache?.findings(links, others: others, checker: checker, read: inputs.records, restore: restore, finding: Self.finding)
            ?? checker.problemsByDocument(of: links.concurrentMap(restore)).flatMap(\.problems).map(Self.finding)
        let tableFindings = checker.problems(in: inputs.tables).map { problem in
            var finding = Finding(rule: .tocBroken, path: problem.file, line: problem.line, column: problem.column, message: problem.message, locale: problem.locale)
            finding.fingerprint = FindingFingerprint.make(rule: finding.rule, path: finding.path, lineText: "", message: finding.message)
            return finding
        }
        // The checker (the site plan of every document) is freed on another thread.
        Concurrently.release(consume checker)
        return linkFindings + tableFindings
    }

    /// The tables of contents of the content root that lie below one of `paths` (all of them for the
    /// whole content); from `navigation` when the tables of this content root were read already
    /// (each file then named as the check names files), else read here.
    func tables(below paths: [URL], in navigation: SiteNavigation? = nil) -> [SiteNavigation.Table] {
        guard let contentRoot else { return [] }
        let folders = paths.map { $0.standardizedFileURL.path }
        let base = DocumentLoader(workingDirectory: root, defaultLocale: configuration.defaultLocale, contentRoot: contentRoot)
        let all = navigation.map { navigation in
            navigation.tables.map { table in
                var table = table
                table.file = table.url.map(base.displayPath(of:)) ?? table.file
                return table
            }.sorted { $0.file < $1.file }
        } ?? SiteNavigation.read(contentRoot: contentRoot, in: tree, display: base.displayPath(of:)).tables
        return all.filter { table in
            guard let path = table.url?.path else { return false }
            return folders.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
        }
    }

    private static func finding(_ problem: LinkChecker.Problem) -> Finding {
        var finding = Finding(
            rule: problem.kind == .brokenLink ? .linkBroken : .anchorMissing, path: problem.link.origin.path,
            line: problem.link.origin.line, column: problem.link.column, message: problem.message, locale: problem.locale)
        finding.document = problem.document
        // The link's destination stands for its line: the finding keeps its identity when lines move.
        finding.fingerprint = FindingFingerprint.make(rule: finding.rule, path: finding.path, lineText: problem.link.destination, message: finding.message)
        return finding
    }

    /// The findings as diagnostics, for `stepwise build`'s diagnostics engine.
    func diagnostics(_ links: [DocumentLinks], tables: [SiteNavigation.Table] = [], cache: LinkCache? = nil, restore: @escaping LinkRestorer = { $0 }) -> [Diagnostic] {
        findings(links, tables: tables, cache: cache, restore: restore).map { finding in
            Diagnostic(id: finding.rule, severity: finding.severity, location: SourceLocation(path: finding.path, line: finding.line, column: finding.column), summary: finding.message)
        }
    }

    /// Every Markdown document below the content root, known by its place only.
    private func listedDocuments() -> [Tutorial] {
        guard let contentRoot else { return [] }
        let layout = ContentLayout(root: contentRoot, defaultLocale: configuration.defaultLocale)
        // By path: a URL made and taken apart again per document was most of the cost.
        return DocumentDiscovery(tree: tree).markdownPaths(under: contentRoot).compactMap { path in
            guard let place = layout.placement(ofStandard: path) else { return nil }
            return Tutorial(outline: path, locale: place.locale, edition: place.edition, tutorialPath: place.tutorialPath, title: "", description: nil)
        }
    }
}
