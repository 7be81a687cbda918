import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// What the site stage needs to keep unchanged pages and to record the pages it writes.
struct IncrementalSite: Sendable {
    var cache: SiteCache
    /// The last build's record (nil: none).
    var stored: SiteCache.Stored?
    /// The key and plan of this build's site, and the key of its setup (see `SiteCache.setupKey`).
    var key: String
    var setupKey: String
    var plan: String
    /// The documents not read, by file path: what the cache recorded of them.
    var kept: [String: SiteCache.Page] = [:]
    /// The documents not read that could not be read last time (they have no page), by file path.
    var keptUnreadable: [String: SiteCache.Unreadable] = [:]
    /// Each checked document's dependency key, by file path.
    var dependencyKeys: [String: String]
    /// The fingerprint of what this build's pages about the whole site are made from (see `sitePagesFingerprint(…)`).
    var sitePagesFingerprint: String
    /// Other templates: the stored models of the documents not read (`kept`), by `source`, from which
    /// their pages are rendered again (none is kept); nil: the templates are the last build's.
    var storedModels: SiteModelStore.Loaded?

    /// Whether the last build's pages about the whole site are this build's: same key and plan, made
    /// from the same inputs, and every one still the file it wrote. They are kept whole, not built.
    var keepsSitePages: Bool {
        guard let stored, stored.key == key, stored.plan == plan, let fingerprint = stored.sitePagesFingerprint else { return false }
        return fingerprint == sitePagesFingerprint
    }

    /// What a document gives the pages about the whole site besides its place and title (the plan).
    struct SiteShare {
        var row: DriftRow
        var description: String?
        var media: [String]
    }

    /// The fingerprint of what the pages about the whole site (index, status pages, drift report,
    /// sitemap, 404) are made from besides the site's key and plan: the report's shares and the run's
    /// findings (`CheckCache.Outcome.shareFingerprint`), every document's drift-report row, description
    /// and images, by file path, and the problems of the documents that could not be read.
    static func sitePagesFingerprint(shares: String, documents: [String: SiteShare], unreadable: [Diagnostic]) -> String {
        // Hashed as it goes: the lines of every document, tab-separated fields, joined by newlines.
        var hash = ContentHash.Running()
        hash.add(shares)
        func line(_ fields: [String]) {
            hash.add("\n")
            for (index, field) in fields.enumerated() {
                if index > 0 { hash.add("\t") }
                hash.add(field)
            }
        }
        for (path, share) in documents.sorted(by: { $0.key < $1.key }) {
            let row = share.row
            line([path, row.document, row.tutorialPath, row.locale, row.edition, share.description ?? "\u{1}"] + row.files + ["\u{2}"] + share.media)
        }
        for finding in SitePipeline.unreadable(unreadable) {
            line([finding.severity, finding.message, finding.location, finding.rule])
        }
        return hash.hex
    }

    /// The problems of the documents that could not be read — those of `workspace` and those kept
    /// (`kept`, by file path) — in the order of their files, as a build that reads every document has them.
    static func unreadable(_ workspace: Workspace, kept: [String: SiteCache.Unreadable]) -> [Diagnostic] {
        guard !kept.isEmpty else { return workspace.failedDocuments.flatMap(\.diagnostics) }
        let read = workspace.failedDocuments.map { ($0.url.path, $0.diagnostics) }
        return (read + kept.map { ($0.key, $0.value.diagnostics) }).sorted { $0.0 < $1.0 }.flatMap(\.1)
    }

    /// The share of each document `workspace` read (and reports), by file path.
    static func siteShares(_ workspace: Workspace) -> [String: SiteShare] {
        var shares: [String: SiteShare] = [:]
        for document in workspace.reported {
            guard let tutorial = document.tutorial else { continue }
            shares[document.url.path] = SiteShare(row: DriftRow(tutorial), description: tutorial.metadata.description, media: SiteCache.Page.media(of: tutorial))
        }
        return shares
    }

    /// The search documents of the pages rendered again from their stored models, by document (its
    /// `source`), each read only if its locale's index is built again (see `SiteInput.storedSearch`).
    var storedSearch: [String: DeferredSearch] {
        guard storedModels != nil else { return [:] }
        return Dictionary(kept.values.compactMap { page in cache.previous(page).deferredSearch.map { (page.row.document, $0) } },
                          uniquingKeysWith: { first, _ in first })
    }

    /// The drift report's parts of the last build, when it had this build's key and plan (what a part
    /// shows besides its findings: templates, strings, titles, places).
    var previousSitePages: [String: PreviousSitePage] {
        guard let stored, stored.key == key, stored.plan == plan else { return [:] }
        return cache.previous(stored.sitePages)
    }

    /// The search indexes of the last build, when it had this build's setup and plan: each kept when its
    /// pages are this build's (see `SiteInput.previousSearch`) — whatever the templates, which the
    /// indexes do not depend on.
    var previousSearch: [String: PreviousSearchIndex] {
        guard let stored, stored.setupKey == setupKey, stored.plan == plan else { return [:] }
        return cache.previous(stored.search)
    }

    /// The kept pages as the site builder takes them, by document (its `source`): none when every page
    /// is rendered again from the stored models.
    var previous: [String: PreviousPage] {
        guard storedModels == nil else { return [:] }
        return Dictionary(kept.values.map { ($0.row.document, cache.previous($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Each document's dependency key, by its `source`: the documents read and the documents kept.
    func dependencyKeysBySource(_ workspace: Workspace) -> [String: String] {
        var keys: [String: String] = [:]
        for document in workspace.reported {
            if let tutorial = document.tutorial, let key = dependencyKeys[document.url.path] { keys[tutorial.source] = key }
        }
        for (path, page) in kept {
            if let key = dependencyKeys[path] { keys[page.row.document] = key }
        }
        return keys
    }

    /// Whether this build writes every bucket of the model store (see `SiteModelStore.save`): the last
    /// build had another setup, or there was none.
    var savesEveryModel: Bool {
        stored.map { $0.setupKey != setupKey } ?? true
    }

    /// The documents `workspace` read, by their `source`.
    private static func readDocuments(_ workspace: Workspace) -> [String: WorkspaceDocument] {
        Dictionary(workspace.reported.compactMap { document in document.tutorial.map { ($0.source, document) } }, uniquingKeysWith: { first, _ in first })
    }

    /// The models of `records` (by `source`) to store, by file path with their dependency keys: those
    /// of documents read (`read`, by `source`) whose page is recorded (`recorded`, given the document's
    /// file path and `source`).
    private func modelRecords(_ records: [String: SiteModelStore.Record], read: [String: WorkspaceDocument], recorded: (_ path: String, _ source: String) -> Bool)
        -> [String: (dependencyKey: String, record: SiteModelStore.Record)]
    {
        var models: [String: (dependencyKey: String, record: SiteModelStore.Record)] = [:]
        for (source, record) in records {
            if let document = read[source], let dependencyKey = dependencyKeys[document.url.path], recorded(document.url.path, source) {
                models[document.url.path] = (dependencyKey, record)
            }
        }
        return models
    }

    /// Stores the models of a build that writes every bucket of the model store (`savesEveryModel`), as
    /// `save` would, once its tutorial pages are rendered (`written`: the documents, by `source`, whose
    /// pages were written): while its pages about the whole site and its search indexes are made, on
    /// one core, rather than after them. The store needs no other page: a build that writes every
    /// bucket keeps none of the last build's entries. (Written before the site is swapped in: a build
    /// that fails after leaves entries each checked by its dependency key, never a wrong page.)
    func saveEveryModel(_ records: [String: SiteModelStore.Record], workspace: Workspace, written: Set<String>) {
        // A read document's page is recorded (see `save`) when it was written.
        let models = modelRecords(records, read: Self.readDocuments(workspace)) { _, source in written.contains(source) }
        cache.models.save(setupKey: setupKey, records: models, current: [:], everyBucket: true)
    }

    /// Records every page of the build: a rendered page with what the site took from its model, a
    /// kept one (or one rendered again from its stored model) as it was; and the models `records` of
    /// the pages rendered from read documents (by `source`, see `PageModelRecorder`); nil when they were
    /// saved already, once the tutorial pages were rendered (`saveEveryModel`).
    /// `written`: the stamps of the files the build wrote into the site, taken as it wrote them.
    func save(_ summary: SiteSummary, searches recorded: SearchRecords, records: [String: SiteModelStore.Record]?, workspace: Workspace,
              written: [String: FileStamp] = [:]) {
        let searches = recorded.all
        let read = Self.readDocuments(workspace)
        // Kept pages by their document's source, as paths: a page is a large value, copied once, below.
        let keptBySource = Dictionary(kept.map { ($0.value.row.document, $0.key) }, uniquingKeysWith: { first, _ in first })
        var pages = [String: SiteCache.Page](minimumCapacity: summary.tutorialPages.count)
        for (source, written) in summary.tutorialPages {
            if let document = read[source], let tutorial = document.tutorial, let dependencyKey = dependencyKeys[document.url.path] {
                pages[document.url.path] = SiteCache.Page(
                    page: written.page, dependencyKey: dependencyKey,
                    samples: Dictionary(uniqueKeysWithValues: written.samples.map { ($0.key.rawValue, $0.value) }),
                    stamp: FileStamp(size: 0, modified: 0), title: tutorial.title, headerTitle: tutorial.metadata.title, description: tutorial.metadata.description,
                    row: DriftRow(tutorial), media: SiteCache.Page.media(of: tutorial), diagnostics: document.diagnostics,
                    search: searches[source]?.search, searchFingerprint: searches[source]?.fingerprint)
            } else if let path = keptBySource[source], let page = kept[path], page.page == written.page {
                pages[path] = page
            }
        }
        var unreadable = keptUnreadable
        for document in workspace.failedDocuments {
            if let dependencyKey = dependencyKeys[document.url.path] {
                unreadable[document.url.path] = SiteCache.Unreadable(dependencyKey: dependencyKey, diagnostics: document.diagnostics)
            }
        }
        let search = summary.searchFiles.reduce(into: [String: (fingerprint: String, size: SearchIndexSize, paths: [String])]()) { result, entry in
            if let size = summary.searchIndexes[entry.key] { result[entry.key] = (entry.value.fingerprint, size, entry.value.paths) }
        }
        if let records {
            let models = modelRecords(records, read: read) { path, _ in pages[path] != nil }
            cache.models.save(setupKey: setupKey, records: models, current: pages.mapValues(\.dependencyKey), everyBucket: savesEveryModel)
        }
        cache.save(key: key, setupKey: setupKey, plan: plan, pages: consume pages, sitePages: summary.sitePageFingerprints, sitePagesFingerprint: sitePagesFingerprint,
                   search: search, unreadable: unreadable, written: written, previous: stored)
        recorded.forEachSnapshot { locale, snapshot in cache.save(searchSnapshot: snapshot, locale: locale) }
    }
}

/// `stepwise build` through the caches: only the documents whose files changed (and those whose
/// page must be rendered again) are read, modelled and checked, with the sources they are compared
/// with; every other page is kept, and the site is planned with what the cache recorded of its
/// document. When the recorded site does not fit — other templates, configuration, tool, tables of
/// contents, dates, or a plan changed by a new, removed or retitled document — `prepare` gives nil
/// and the build reads everything.
struct IncrementalBuild {
    var loader: WorkspaceLoader
    var content: String
    /// `stepwise.yml`.
    var configuration: URL
    var contractTutorial: String?
    /// The tables of contents of the content root (see `SitePipeline.navigation(contentRoot:root:)`),
    /// read once for the whole build; nil: read when the site's key is made.
    var navigation: SiteNavigation?
    /// The run's listing of its inputs (see `CheckCache.listing`).
    var listing: RunRecord.Listing?

    struct Prepared {
        /// The documents read: those checked again, their sources and the contract tutorial.
        var workspace: Workspace
        var report: CheckReport
        var site: IncrementalSite
        /// The problems of every document, read or kept (the diagnostics engine keeps each once and orders them).
        var diagnostics: [Diagnostic]
        var dates: [String: String]
        /// How many documents were checked again, of how many.
        var read: Int
        var total: Int
        /// Every file the check's shares were computed from (see `CheckCache.Outcome.inputs`).
        var inputs: ReadFiles
        /// Gives back the links of a document of `report` read without them (see `LinkRestorer`).
        var restore: LinkRestorer

        /// `cache: 1 of 15016 documents checked again, 1 more read without being checked` (their sources,
        /// the contract's tutorial).
        var line: String {
            let others = workspace.documents.count - read
            let stored = site.storedModels.map { "; other templates: \($0.models.count) pages rendered again from their stored models" } ?? ""
            return "cache: \(read) of \(total) documents checked again" + (others > 0 ? ", \(others) more read without being checked" : "") + stored
        }
    }

    var checkKey: String {
        let options = [loader.sourceLocale, loader.sourceEdition, loader.contentRoot?.path ?? "", loader.root.path, content]
        return CheckCache.key(configuration: configuration, options: options)
    }

    var contentRoot: URL? { loader.effectiveContentRoot(for: [loader.url(content)]) }

    /// The key of the site for the documents of `rows`, and of its setup (see `SiteCache.setupKey`).
    func siteKey(rows: [DriftRow]) -> (key: String, setupKey: String, dates: [String: String]) {
        let dates = GitDates.lastUpdated(loader.configuration, contentRoot: contentRoot, root: loader.root, rows: rows)
        let navigation = (navigation ?? SitePipeline.navigation(contentRoot: contentRoot, root: loader.root)).fingerprint
        let setupKey = SiteCache.setupKey(checkKey: checkKey, navigation: navigation, dates: dates)
        return (SiteCache.key(setupKey: setupKey, templates: loader.root.appendingPathComponent("templates")), setupKey, dates)
    }

    /// The build of only what changed, or nil when every page must be rendered again from documents
    /// it has not read. `reportingFindings`: the report has every finding even when the pages about
    /// the whole site are kept (`stepwise check` prints them; a build needs only the links then).
    func prepare(reportingFindings: Bool = false) throws -> Prepared? {
        let cache = SiteCache(root: loader.root)
        guard let index = cache.loadIndex() else { return nil }
        // Without git dates the key is known before any document is read: another setup reads everything.
        let datesFromGit = loader.configuration.lastUpdated == .git
        let early = datesFromGit ? nil : siteKey(rows: [])
        if let early, early.setupKey != index.setupKey { return nil }
        // The pages it keeps are read on other cores while the check cache is read and the documents
        // that changed are found (mostly on this thread): the check asks for them only then.
        let loading = Concurrently.start { cache.load(index) }
        let outcome = try CheckCache(root: loader.root, key: checkKey, listing: listing).check([content], loader: loader) { url, dependencyKey in
            let stored = loading.value
            return (stored.pages[url.path]?.dependencyKey ?? stored.unreadable[url.path]?.dependencyKey) != dependencyKey
        }
        let stored = loading.value
        var workspace = outcome.workspace
        let read = Set(workspace.reported.map(\.url))
        var kept: [String: SiteCache.Page] = [:], keptUnreadable: [String: SiteCache.Unreadable] = [:]
        for url in outcome.found where !read.contains(url) {
            if let page = stored.pages[url.path] {
                kept[url.path] = page
            } else if let unreadable = stored.unreadable[url.path] {
                keptUnreadable[url.path] = unreadable
            } else {
                return nil
            }
        }
        let tutorials = workspace.reported.compactMap(\.tutorial)
        let plan = SiteCache.plan(tutorials, kept: Array(kept.values))
        let rows = tutorials.map(DriftRow.init) + kept.values.map(\.row)
        let (key, setupKey, dates) = early.map { ($0.key, $0.setupKey, [:]) } ?? siteKey(rows: rows)
        // Another plan or setup: every page is rendered again, from every model. When the check read
        // every document already (a new or removed document re-checks everything), this is that build.
        if plan != stored.plan || setupKey != stored.setupKey, !kept.isEmpty { return nil }
        // Other templates alone: every page is rendered again, those of the documents not read from
        // their stored models (without one for each, from every model).
        var storedModels: SiteModelStore.Loaded?
        if key != stored.key, !kept.isEmpty {
            let documents = kept.mapValues { (dependencyKey: $0.dependencyKey, source: $0.row.document) }
            guard let loaded = cache.models.load(documents, setupKey: setupKey) else { return nil }
            storedModels = loaded
        }
        if let contractTutorial { workspace = withContract(workspace, path: contractTutorial) }
        let diagnostics = workspace.diagnostics + kept.values.flatMap(\.diagnostics) + keptUnreadable.values.flatMap(\.diagnostics)
        var shares = IncrementalSite.siteShares(workspace)
        for (path, page) in kept { shares[path] = .init(row: page.row, description: page.description, media: page.media) }
        let fingerprint = IncrementalSite.sitePagesFingerprint(
            shares: outcome.shareFingerprint, documents: shares, unreadable: IncrementalSite.unreadable(workspace, kept: keptUnreadable))
        let site = IncrementalSite(cache: cache, stored: stored, key: key, setupKey: setupKey, plan: plan, kept: kept, keptUnreadable: keptUnreadable,
                                   dependencyKeys: outcome.dependencyKeys, sitePagesFingerprint: fingerprint, storedModels: storedModels)
        // Kept pages about the whole site need no findings: only the links are decoded. A stored share
        // that cannot be decoded: the build reads everything.
        // The stored documents' links are read only for the documents whose links are checked again.
        let decoded = try? site.keepsSitePages && !reportingFindings ? outcome.linksReport() : {
            let parts = try outcome.parts(omittingLinks: true)
            return (outcome.report(parts), outcome.linkRestorer(parts))
        }()
        guard let (report, restore) = decoded else { return nil }
        let (total, inputs) = (outcome.found.count, outcome.inputs)
        // The outcome (every share's entry) is freed on another thread while the build goes on.
        Concurrently.release(consume outcome)
        return Prepared(workspace: workspace, report: report, site: site, diagnostics: diagnostics, dates: dates,
                        read: read.count, total: total, inputs: inputs, restore: restore)
    }

    /// The workspace with the contract tutorial read too (not reported: its page may be kept).
    private func withContract(_ workspace: Workspace, path: String) -> Workspace {
        let url = (contentRoot ?? loader.root.appendingPathComponent("content")).appendingPathComponent(path).standardizedFileURL
        guard workspace.document(at: url) == nil, FileManager.default.fileExists(atPath: url.path) else { return workspace }
        let extra = loader.load([url.path]).documents.map { document in
            var document = document
            document.isReported = false
            return document
        }
        return Workspace(
            root: workspace.root, contentRoot: workspace.contentRoot, configuration: workspace.configuration, sourceLocale: workspace.sourceLocale,
            sourceEdition: workspace.sourceEdition, documents: (workspace.documents + extra).sorted(byKey: \.url.path),
            problems: workspace.problems, parsedFiles: workspace.parsedFiles)
    }

    /// The site of a build that reads every document, recorded for the next one.
    func fullSite(_ workspace: Workspace, outcome: CheckCache.Outcome) -> (site: IncrementalSite, dates: [String: String]) {
        let cache = SiteCache(root: loader.root)
        let (key, setupKey, dates) = siteKey(rows: workspace.tutorials.map(DriftRow.init))
        let fingerprint = IncrementalSite.sitePagesFingerprint(
            shares: outcome.shareFingerprint, documents: IncrementalSite.siteShares(workspace), unreadable: workspace.failedDocuments.flatMap(\.diagnostics))
        let site = IncrementalSite(cache: cache, stored: nil, key: key, setupKey: setupKey, plan: SiteCache.plan(workspace.reported.compactMap(\.tutorial)),
                                   dependencyKeys: outcome.dependencyKeys, sitePagesFingerprint: fingerprint)
        return (site, dates)
    }
}
