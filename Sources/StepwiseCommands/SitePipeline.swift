import StepwiseDiagnostics
import Foundation
import Localization
import Site
import StepwiseWorkspace
import TutorialModel

/// Workspace → drift checks' results → site files: what the site stage writes and what
/// `stepwise check` compares with the committed `generated/site`.
struct SitePipeline {
    var workspace: Workspace
    /// The drift checks of the workspace, run once by the caller.
    var report: CheckReport
    /// Pages of the last build to keep, by document.
    var previousPages: [String: PreviousPage] = [:]
    /// The site of the last build, whose unchanged search index files are kept (see `SiteInput.previousSite`).
    var previousSite: URL?
    /// Parts of the drift report of the last build, by path: kept where they show the same.
    var previousSitePages: [String: PreviousSitePage] = [:]
    /// Whether `previousSitePages` are this build's pages about the whole site (see `SiteInput.keepsSitePages`).
    var keepsSitePages = false
    /// Each locale's search index of the last build: kept where its pages are the same.
    var previousSearch: [String: PreviousSearchIndex] = [:]
    /// See `SiteInput.previousSearchSnapshot`.
    var previousSearchSnapshot: (@Sendable (_ locale: String) -> SearchSnapshot?)?
    /// See `SiteInput.recordSearchSnapshot`.
    var recordSearchSnapshot: (@Sendable (_ locale: String, _ bytes: [UInt8]) -> Void)?
    /// Handed each indexed page's search document as it is made (see `SiteInput.recordSearch`).
    var recordSearch: (@Sendable (String, SearchDocument, String) -> Void)?
    /// Where the documents' models are read when the workspace keeps their outlines only (see
    /// `SiteInput.models`); nil: the workspace's models.
    var models: SiteModels?
    /// Other templates: the stored models of the documents not read, whose pages are rendered again
    /// from them (see `IncrementalSite.storedModels`).
    var storedModels: SiteModelStore.Loaded?
    /// See `SiteInput.storedSearch`.
    var storedSearch: [String: DeferredSearch] = [:]
    /// See `SiteInput.recordPage`.
    var recordPage: (@Sendable (PageModel, [Int: String]) -> Void)?
    /// See `SiteInput.tutorialsRendered`.
    var tutorialsRendered: (@Sendable (Set<String>) -> Void)?

    var configuration: SiteConfiguration {
        Self.configuration(workspace.configuration, sourceLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
    }

    /// The documents other shards model, known by their place only: a shard of the site plans its
    /// pages' links and language switchers with them (see `SiteOutline`).
    var outline: [Tutorial] = []
    /// The tables of contents of the workspace's content root, when the caller read them already
    /// (`navigation(contentRoot:root:)`); nil: read here.
    var tables: SiteNavigation?
    /// The pages' "updated" dates from git, by document (see `GitDates`).
    var lastUpdated: [String: String] = [:]
    /// The documents whose pages this run writes (a shard: no assets or site pages); nil: the whole site.
    var shard: Set<String>?
    /// The documents of an incremental build that were not read, by file path: their pages are kept,
    /// and the site is planned with what the cache recorded of them.
    var kept: [String: SiteCache.Page] = [:]
    /// The documents of an incremental build that were not read and could not be read last time, by file path.
    var keptUnreadable: [String: SiteCache.Unreadable] = [:]

    /// Continues the last build recorded in the site cache (`IncrementalBuild.prepare`): its unchanged
    /// pages, drift report parts and search indexes are kept from `generated/site`, the pages of the
    /// documents not read are planned with what the cache recorded of them, and, with other
    /// templates, rendered again from their stored models.
    mutating func continuing(_ incremental: IncrementalSite) {
        previousPages = incremental.previous
        previousSitePages = incremental.previousSitePages
        keepsSitePages = incremental.keepsSitePages
        previousSearch = incremental.previousSearch
        storedSearch = incremental.storedSearch
        let cache = incremental.cache
        previousSearchSnapshot = { @Sendable locale in cache.searchSnapshot(locale: locale) }
        kept = incremental.kept
        keptUnreadable = incremental.keptUnreadable
        previousSite = cache.site
        storedModels = incremental.storedModels
    }

    /// Renders the site into `sink`, page by page, and returns the build summary.
    func render(into sink: inout some SiteSink, progress: @escaping (SiteProgress) -> Void = { _ in }) throws -> SiteSummary {
        // Handed over as made, held by no name here: the builder lets go of its drift report once written.
        try render(siteInput(), into: &sink, progress: progress)
    }

    /// What the site builder renders: the documents, their samples' verifications, the drift report
    /// and what the last build left.
    private func siteInput() -> SiteInput {
        let tutorials = workspace.reported.compactMap(\.tutorial)
        let drift = DriftVerifications(
            report: report, tutorials: models == nil ? tutorials : [], defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
        var input: SiteInput
        if let shard {
            // Planned in the order of the whole build, so that documents sharing a page key keep theirs.
            input = SiteInput(tutorials: (tutorials + outline).sorted { $0.source < $1.source }, verifications: drift.verifications())
            input.tutorialPages = shard
            input.sitePages = false
        } else if keepsSitePages {
            input = SiteInput(tutorials: tutorials + kept.values.map(\.tutorial), verifications: drift.verifications())
        } else {
            // The drift report's rows in the order of the documents' files, read or kept.
            let rows = (workspace.reported.compactMap { document in document.tutorial.map { (document.url.path, DriftRow($0)) } }
                + kept.map { ($0.key, $0.value.row) }).sorted { $0.0 < $1.0 }.map(\.1)
            var driftReport = DriftVerifications.driftReport(report, rows: rows)
            driftReport.unreadable = Self.unreadable(IncrementalSite.unreadable(workspace, kept: keptUnreadable))
            input = SiteInput(tutorials: tutorials + kept.values.map(\.tutorial), verifications: drift.verifications(), driftReport: driftReport)
        }
        input.previousPages = previousPages
        input.previousSite = previousSite
        input.previousSitePages = previousSitePages
        input.keepsSitePages = keepsSitePages && shard == nil
        input.previousSearch = previousSearch
        input.previousSearchSnapshot = previousSearchSnapshot
        input.recordSearchSnapshot = recordSearchSnapshot
        input.recordSearch = recordSearch
        input.lastUpdated = lastUpdated
        input.navigation = tables ?? navigation
        input.models = storedModels.map { StoredPageModels(stored: $0, verifications: input.verifications) } ?? models
        input.recordPage = recordPage
        input.tutorialsRendered = tutorialsRendered
        input.storedSearch = storedSearch
        let sections = models?.sectionIDs
            ?? Dictionary(workspace.tutorials.map { ($0.source, $0.sections.map(\.id)) }, uniquingKeysWith: { first, _ in first })
        input.stableSectionIDs = PageAnchors.stableIDs(Self.sectionOrigins(report.alignments), sections: sections)
        input.media = MediaCatalog.read(input.tutorials, root: workspace.root, contentRoot: workspace.contentRoot)
        return input
    }

    /// Renders `input` with the project's templates and configuration. `input` is taken, as the site
    /// builder takes it (see `SiteBuilder.render(_:into:progress:)`).
    func render(_ input: consuming SiteInput, into sink: inout some SiteSink, progress: @escaping (SiteProgress) -> Void = { _ in }) throws -> SiteSummary {
        let builder = SiteBuilder(templates: workspace.root.appendingPathComponent("templates"), configuration: configuration)
        do {
            return try builder.render(consume input, into: &sink, progress: progress)
        } catch {
            throw Self.failure(error, at: "templates")
        }
    }

    /// The source section of every aligned section, by document: the alignments' section pairs.
    static func sectionOrigins(_ alignments: [TutorialAlignment]) -> [String: [Int: (document: String, section: Int)]] {
        var origins: [String: [Int: (document: String, section: Int)]] = [:]
        for alignment in alignments {
            for pair in alignment.sections {
                guard let source = pair.source, let target = pair.target else { continue }
                origins[alignment.target.path, default: [:]][target.index] = (alignment.source.path, source.index)
            }
        }
        return origins
    }

    /// The tables of contents of the workspace's content root (none without one).
    var navigation: SiteNavigation { Self.navigation(workspace) }

    static func navigation(_ workspace: Workspace) -> SiteNavigation {
        navigation(contentRoot: workspace.contentRoot, root: workspace.root)
    }

    static func navigation(contentRoot: URL?, root: URL, tree: FolderTree? = nil) -> SiteNavigation {
        guard let contentRoot else { return SiteNavigation() }
        let root = root.standardizedFileURL.path + "/"
        return SiteNavigation.read(contentRoot: contentRoot, in: tree) { url in
            let path = url.standardizedFileURL.path
            return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
        }
    }

    /// The drift report's list of documents that could not be read, from their problems.
    static func unreadable(_ diagnostics: [Diagnostic]) -> [DriftReport.Finding] {
        diagnostics.filter { $0.severity == .error }.map {
            DriftReport.Finding(severity: $0.severity.rawValue, message: $0.summary, location: $0.location?.description ?? "", rule: $0.id)
        }
    }

    /// Reports a failure as `path:1:1: error: site: …` (the templates or the output folder) and exits with status 1.
    static func reporting<T>(at path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw failure(error, at: path)
        }
    }

    /// `error` as `reporting(at:_:)` throws it: an `InputFailure` as it is, any other at `path`.
    static func failure(_ error: any Error, at path: String) -> InputFailure {
        if let failure = error as? InputFailure { return failure }
        let reason = (error as? SiteError)?.description ?? (error as NSError).localizedDescription
        return InputFailure(.error("site-failed", at: SourceLocation(path: path), "site: \(reason)"))
    }
}
