import ContractGen
import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// Compares what `stepwise build` would generate with what is committed under `generated/`; every
/// difference is a `generated-stale` error (never baselined) naming the command that regenerates.
/// It reuses the check's workspace, models and findings: nothing is read or checked twice.
struct GeneratedOutputCheck {
    /// The documents checked, with their outlines, and where their pages read their models (see `CheckedForSite`).
    var workspace: Workspace
    /// Where the pages' models are read (nil: the workspace's documents).
    var models: SiteModels?

    init(_ checked: CheckedForSite) {
        workspace = checked.workspace
        models = checked.models
    }

    init(workspace: Workspace) {
        self.workspace = workspace
    }

    /// The check of `content` (the project's whole content folder) and of the committed `generated/`
    /// through the caches a build left: the documents are read and checked as `build` would read them
    /// now (`IncrementalBuild.prepare`), and only the pages it would write again are rendered and
    /// compared with the committed ones; a page it would keep is the file it wrote, unchanged since
    /// (its stamp), and needs no comparison. Nil when there is no such build to continue (no site
    /// cache, or another setup): then every document must be read and every page rendered.
    /// The report has the comparison's findings; its links are checked with `linkCache`, each
    /// document's given back by `restore` — by `links`, when given, on another core while the pages
    /// are rendered and compared (its findings added after the comparison's, the report's links
    /// then emptied), else by the caller (a shard's part keeps them for the merge).
    /// `listing`: the run's listing of its inputs (see `CheckCache.listing`); `inputs`: every file the
    /// check's shares were computed from, with its stamp as read (see `CheckCache.Outcome.inputs`).
    static func throughCache(
        content: URL, loader: WorkspaceLoader, configuration: URL, listing: RunRecord.Listing? = nil,
        links: (@Sendable (_ links: [DocumentLinks], _ cache: LinkCache, _ restore: @escaping LinkRestorer) -> [Finding])? = nil
    ) throws -> (report: CheckReport, linkCache: LinkCache, restore: LinkRestorer, inputs: ReadFiles)? {
        let root = loader.root
        var build = IncrementalBuild(loader: loader, content: content.path, configuration: configuration,
                                     contractTutorial: loader.configuration.contractTutorial, listing: listing)
        let navigation = SitePipeline.navigation(contentRoot: build.contentRoot, root: root, tree: loader.tree)
        build.navigation = navigation
        guard let prepared = try build.prepare(reportingFindings: true) else { return nil }
        var report = prepared.report
        // The pages are rendered from the report without its links, as a build renders them.
        var rendered = report
        rendered.links = []
        var pipeline = SitePipeline(workspace: prepared.workspace, report: rendered)
        pipeline.continuing(prepared.site)
        pipeline.lastUpdated = prepared.dates
        if prepared.workspace.contentRoot?.standardizedFileURL.path == build.contentRoot?.standardizedFileURL.path { pipeline.tables = navigation }
        let check = GeneratedOutputCheck(workspace: prepared.workspace)
        let linkCache = LinkCache(root: root, key: build.checkKey, dependencyKeys: prepared.site.dependencyKeysBySource(prepared.workspace))
        let (restore, inputs) = (prepared.restore, prepared.inputs)
        let compare = { try check.swiftContractFindings() + check.siteFindings(pipeline) }
        if let links {
            let documentLinks = Handover(report.links)
            report.links = []
            let found = try Concurrently.overlap({ links(documentLinks.take() ?? [], linkCache, restore) }, while: { report.add(try compare()) })
            report.add(found)
        } else {
            report.add(try compare())
        }
        // What the check read (every kept page's record, the models, the plan) is not freed by this
        // thread, which goes on to print the report (see `Concurrently.discard`).
        Concurrently.discard((consume prepared, pipeline, check))
        return (report, linkCache, restore, inputs)
    }

    func findings(report: CheckReport) throws -> [Finding] {
        try swiftContractFindings() + siteFindings(report: report)
    }

    private var root: URL { workspace.root }

    /// The committed `generated/site` against a fresh render, file by file.
    private func siteFindings(report: CheckReport) throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/site", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path)
        else { return [] }
        var pipeline = SitePipeline(workspace: workspace, report: report)
        pipeline.lastUpdated = GitDates.lastUpdated(workspace)
        pipeline.models = models
        return try siteFindings(pipeline)
    }

    /// The committed `generated/site` against what `pipeline` renders, when there is one to compare.
    private func siteFindings(_ pipeline: SitePipeline) throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/site", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path)
        else { return [] }
        var comparison = SiteComparison(committed: directory)
        _ = try pipeline.render(into: &comparison)
        return try Self.findings(comparison)
    }

    private static func findings(_ comparison: SiteComparison) throws -> [Finding] {
        try comparison.differences().map { path, what in
            Finding(rule: .generatedStale, path: "generated/site/" + path, line: 1,
                    message: "generated file \(what) (run `swift run stepwise build`)", locale: "")
        }
    }

    /// A shard's part of the comparison (`check --shard i/n --part`): its documents' pages, planned
    /// with every document of `paths`, compared with the committed ones; the contract when its
    /// tutorial is in the shard; the shard's share of the whole-site pages.
    func shardPart(_ shard: Shard, report: CheckReport, paths: [URL], loader: WorkspaceLoader, configuration: URL) throws -> GeneratedPart {
        var part = GeneratedPart()
        let content = workspace.contentRoot ?? root.appendingPathComponent("content")
        if let tutorial = workspace.configuration.contractTutorial, shard.contains(content.appendingPathComponent(tutorial).standardizedFileURL) {
            part.contract = try swiftContractFindings()
        }
        let directory = root.appendingPathComponent("generated/site", isDirectory: true)
        guard FileManager.default.fileExists(atPath: directory.path),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("templates").path)
        else { return part }
        let planning = SiteShare.plan(workspace, paths: paths, loader: loader)
        var pipeline = SitePipeline(workspace: workspace, report: report)
        pipeline.lastUpdated = GitDates.lastUpdated(workspace)
        pipeline.outline = planning.outline
        pipeline.shard = planning.pages
        pipeline.models = models
        var comparison = SiteComparison(committed: directory)
        let summary = try pipeline.render(into: &comparison)
        part.site = SiteShare(workspace: workspace, configuration: configuration, planned: planning.planned, search: summary.search)
        part.rendered = comparison.rendered.sorted()
        part.differing = comparison.differing
        return part
    }

    /// The merge's side (`stepwise merge` of check parts): the whole-site pages rendered from the
    /// shards' shares and the merged `report` and compared, every shard's pages, and the contract —
    /// exactly the findings one check of the whole content adds.
    static func mergedFindings(_ parts: [GeneratedPart], names: [String], report: CheckReport, root: URL,
                               project: ProjectConfiguration, configuration: URL) throws -> [Finding] {
        let contract = parts.flatMap(\.contract)
        let sites = parts.compactMap(\.site)
        guard !sites.isEmpty else { return contract }
        let shares = SiteShares(shares: sites, names: names)
        let first = sites[0]
        try shares.validate(setup: SiteSetup.key(root: root, configuration: configuration, sourceLocale: first.sourceLocale, sourceEdition: first.sourceEdition))
        var input = shares.input(report: report)
        input.tutorialPages = []
        var comparison = SiteComparison(committed: root.appendingPathComponent("generated/site", isDirectory: true))
        let builder = SiteBuilder(templates: root.appendingPathComponent("templates"), configuration: shares.configuration(project))
        _ = try SitePipeline.reporting(at: "templates") { try builder.render(input, into: &comparison) }
        for part in parts { comparison.absorb(rendered: part.rendered, differing: part.differing) }
        return contract + (try findings(comparison))
    }

    /// The committed `generated/swift` against a fresh generation, when a contract is configured.
    private func swiftContractFindings() throws -> [Finding] {
        let directory = root.appendingPathComponent("generated/swift", isDirectory: true)
        guard let path = workspace.configuration.contractTutorial, FileManager.default.fileExists(atPath: directory.path) else { return [] }
        let tutorial = try ContractSource(workspace: workspace, path: path).tutorial()
        let files = SwiftContractGenerator().generate(from: tutorial, sourcePath: tutorial.source).files
        let stale = try StaleFileVerifier(directory: directory).staleFiles(comparedWith: files)
        return stale.map { Finding(diagnostic: $0.diagnostic(directoryPath: "generated/swift")) }
    }
}

/// Compares each freshly rendered file with the committed one as it comes, holding neither site.
struct SiteComparison: SiteSink {
    var committed: URL
    private(set) var rendered: Set<String> = []
    private(set) var differing: [String: String] = [:]

    init(committed: URL) {
        self.committed = committed
    }

    mutating func put(_ path: String, _ data: Data) throws {
        rendered.insert(path)
        let url = committed.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            differing[path] = "is missing"
            return
        }
        if try Data(contentsOf: url) != data { differing[path] = "differs from a fresh build" }
    }

    /// A file a build would keep from `previous`: when that is the committed file itself (a page a
    /// build through the cache keeps, still the file it wrote), it is what a fresh build writes.
    mutating func keep(_ path: String, from previous: URL) throws {
        let url = committed.appendingPathComponent(path)
        guard previous.standardizedFileURL.path != url.standardizedFileURL.path else {
            rendered.insert(path)
            return
        }
        try put(path, try Data(contentsOf: previous))
    }

    /// What another run (a shard) rendered and found different.
    mutating func absorb(rendered paths: [String], differing other: [String: String]) {
        rendered.formUnion(paths)
        differing.merge(other) { first, _ in first }
    }

    /// Every file that differs, sorted by path, with how: missing, different, or committed but no longer generated.
    func differences() throws -> [(path: String, what: String)] {
        var result = differing
        let root = committed.standardizedFileURL.path
        // Listed with the folders' own entries (a site has thousands of files): no URL made, no file stat-ed.
        FolderWalk.walk(root) { entry in
            guard !entry.isFolder else { return true }
            let path = String(entry.path.dropFirst(root.count + 1))
            if !rendered.contains(path) { result[path] = "is no longer generated" }
            return true
        }
        return result.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
