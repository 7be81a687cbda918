public import Foundation
import StepwiseDiagnostics
public import TutorialModel

/// Builds the HTML site: tutorial pages per locale and edition, landing page, drift report, sitemap.
public struct SiteBuilder {
    public var templates: URL
    public var configuration: SiteConfiguration

    public init(templates: URL, configuration: SiteConfiguration) {
        self.templates = templates
        self.configuration = configuration
    }

    /// The site's files (path relative to the site root → bytes) and a summary.
    public func render(_ input: SiteInput, progress: @escaping (SiteProgress) -> Void = { _ in }) throws -> (files: [String: Data], summary: SiteSummary) {
        var files = SiteFiles()
        let summary = try render(input, into: &files, progress: progress)
        return (files.files, summary)
    }

    /// Renders the site into `sink`, each file handed over as soon as it is rendered, in a fixed
    /// order (assets, tutorial pages in plan order, site pages); returns the summary.
    /// `input` is taken (`consuming`): what the run lets go of before its end (the drift report, once
    /// its pages are written) is then freed, unless the caller keeps a copy.
    public func render(_ input: consuming SiteInput, into sink: inout some SiteSink, progress: @escaping (SiteProgress) -> Void = { _ in }) throws -> SiteSummary {
        var run = try SiteRun(input: consume input, builder: self, sink: sink, progress: progress)
        // Its state (plan, navigation, indexes) is freed here, before the build goes on: freed on
        // another thread, it outlived the start of the cache's save and raised a cold build's peak.
        defer { sink = run.sink }
        if run.input.sitePages { try run.copyAssets(TemplateFolder(templates)) }
        try run.copyMedia()
        try run.renderTutorials()
        run.input.tutorialsRendered?(Set(run.summary.tutorialPages.keys))
        if run.input.sitePages { try run.renderSitePages() }
        return run.summary
    }
}

/// One build in progress: the plan, the renderer, where the files go and the counts.
struct SiteRun<Sink: SiteSink> {
    /// What the build is made from; its drift report is let go once the pages about the whole site are
    /// written (see `letGoOfSitePages`).
    private(set) var input: SiteInput
    let plan: SitePlan
    let renderer: SiteRenderer
    let interface: InterfaceStrings
    let progress: (SiteProgress) -> Void
    var sink: Sink
    var summary = SiteSummary()
    var done = 0
    /// Each locale's indexed pages as `path\tfingerprint` lines: the fingerprint of its search index.
    var searchPages: [String: [String]] = [:]
    /// Each locale's kept pages whose search documents are read only if its index is built again.
    var deferredSearch: [String: [(page: String, search: DeferredSearch)]] = [:]
    /// The tutorials whose pages this build writes, in plan order.
    let pages: [Tutorial]
    /// The tables of contents, resolved once for every page.
    let navigation: NavigationIndex
    /// Where the drift report shows each document's findings (a build that writes the site pages).
    private(set) var report: DriftReportLayout?
    /// The site index's pages, the translation status pages and the sitemap's files (a build that
    /// writes the site pages).
    private(set) var index: [(path: String, view: LandingPageView)]
    private(set) var status: [(path: String, view: StatusPageView)]
    private(set) var sitemap: SitemapLayout?
    /// Tutorial pages, then the index, status, sitemap and 404 pages, the drift report's overview, each
    /// locale's status and report page, and the report's parts.
    let total: Int

    private static func total(input: SiteInput, pages: Int, plan: SitePlan, report: DriftReportLayout?, index: Int, status: Int, sitemap: SitemapLayout?) -> Int {
        if input.sitePages && input.keepsSitePages { return pages + input.previousSitePages.count }
        guard input.sitePages, let report else { return pages }
        let sitemapFiles = (sitemap?.parts.count ?? 1) + (sitemap?.index == nil ? 0 : 1)
        return pages + 2 + index + status + sitemapFiles + plan.locales.count + report.locales.reduce(0) { $0 + ($1.isSplit ? $1.parts.count : 0) }
    }

    init(input: SiteInput, builder: SiteBuilder, sink: Sink, progress: @escaping (SiteProgress) -> Void) throws {
        self.input = input
        self.progress = progress
        self.sink = sink
        let plan = SitePlan(tutorials: input.tutorials, configuration: builder.configuration)
        self.plan = plan
        let pages = input.tutorialPages.map { only in plan.tutorials.filter { only.contains($0.source) } } ?? plan.tutorials
        self.pages = pages
        // The navigation is worked out only for the pages rendered (see `renderTutorials`): a page's
        // navigation reads its own locale's tables and its own folder, and a warm build that keeps
        // every page shows none.
        let rendered = input.previousPages.isEmpty ? pages : pages.filter { input.previousPages[$0.source]?.page != plan.path(of: $0) }
        let renderer = try SiteRenderer(directory: builder.templates)
        self.renderer = renderer
        let interface = try InterfaceStrings.load(
            from: builder.templates.appendingPathComponent("strings"), fallbackLocale: builder.configuration.defaultLocale)
        self.interface = interface
        summary.locales = plan.locales.count
        // The pages' navigation and the pages about the whole site are worked out side by side; site
        // pages kept whole need no views.
        let configuration = builder.configuration
        let (navigation, wholeSite) = Concurrently.run({
            NavigationIndex(navigation: input.navigation, plan: plan, pages: rendered)
        }, {
            Self.wholeSitePages(input: input, plan: plan, interface: interface, renderer: renderer, configuration: configuration)
        })
        self.navigation = navigation
        (report, index, sitemap, status) = wholeSite
        total = Self.total(input: input, pages: pages.count, plan: plan, report: wholeSite.report, index: wholeSite.index.count, status: wholeSite.status.count,
                           sitemap: wholeSite.sitemap)
    }

    /// Lets go of what the pages about the whole site were made from — the drift report (a corpus's
    /// findings, as its pages show them) and the views of the index, status pages and sitemap — once
    /// they are written: the search indexes, built last, are the end of the build's peak.
    private mutating func letGoOfSitePages() {
        input.driftReport = DriftReport()
        report = nil
        (index, status, sitemap) = ([], [], nil)
    }

    /// The drift report's layout and the landing, sitemap and status pages (none when kept whole).
    private static func wholeSitePages(
        input: SiteInput, plan: SitePlan, interface: InterfaceStrings, renderer: SiteRenderer, configuration: SiteConfiguration
    ) -> (report: DriftReportLayout?, index: [(path: String, view: LandingPageView)], sitemap: SitemapLayout?,
          status: [(path: String, view: StatusPageView)]) {
        guard input.sitePages && !input.keepsSitePages else { return (nil, [], nil, []) }
        let report = DriftReportLayout(
            report: input.driftReport, locales: plan.locales, sourceEdition: configuration.sourceEdition, pageSize: configuration.driftReportPageSize)
        let landing = LandingPageBuilder(plan: plan, interface: interface, strings: interface.table(for: plan.configuration.defaultLocale).strings, report: report)
        let (pages, status) = Concurrently.run({
            (landing.landingPages(pageSize: configuration.listPageSize), SitemapLayout(landing.sitemap(), base: configuration.siteURL))
        }, {
            statusPages(plan: plan, interface: interface, report: report, driftReport: input.driftReport, measure: StatusPageMeasure(renderer))
        })
        return (report, pages.0, pages.1, status)
    }

    /// The files of `templates/assets/`, copied to `assets/`.
    mutating func copyAssets(_ folder: TemplateFolder) throws {
        for file in try folder.entries("assets").sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            try sink.put("assets/" + file.lastPathComponent, try folder.data(file))
        }
    }

    /// The images the pages of this build show, each once, into `media/` (sorted by name).
    mutating func copyMedia() throws {
        if let copied = input.copiedMedia {
            for file in copied.sorted(by: { $0.path < $1.path }) { try sink.keep(file.path, from: file.source) }
            return
        }
        for file in input.media.used(by: pages) {
            try sink.put(file.path, try input.media.data(of: file))
        }
    }

    /// Renders the tutorial pages on all cores, a batch at a time (memory stays bounded by the batch);
    /// pages are stored and reported in plan order, so the output is the same whatever the thread count.
    mutating func renderTutorials() throws {
        let (plan, interface, renderer, verifications, navigation, media) = (plan, interface, renderer, input.verifications, navigation, input.media)
        let previous = input.previousPages, models = input.models, recordSearch = input.recordSearch, recordPage = input.recordPage
        let stableIDs = input.stableSectionIDs, lastUpdated = input.lastUpdated, storedSearch = input.storedSearch
        let tokenizers = Dictionary(plan.locales.map { ($0, SearchTokenizer(locale: $0)) }, uniquingKeysWith: { first, _ in first })
        // Each locale's strings merged with the fallback's once, not for every page.
        let tables = Dictionary(plan.locales.map { ($0, interface.table(for: $0)) }, uniquingKeysWith: { first, _ in first })
        let collecting = input.search == nil
        // Renders (or keeps) the page of `planned`.
        let render = { @Sendable (planned: Tutorial) throws -> RenderedPage in
            let (strings, warnings) = tables[planned.locale] ?? interface.table(for: planned.locale)
            let path = plan.path(of: planned)
            // The document's model: the one planned, or (a plan of outlines) read now, for this page only.
            let model = { @Sendable () throws -> PageModel in
                try models?.model(of: planned) ?? PageModel(tutorial: planned, verifications: verifications)
            }
            // A page's words come from the model, not from the HTML, with the section ids the
            // page shows (computed once, for the page and its index alike). A kept page is indexed
            // with what its index took when it was rendered: its document is not modelled again.
            func search(_ tutorial: Tutorial, _ sectionIDs: [String]) -> SearchDocument? {
                guard collecting, plan.isCurrent(tutorial), let tokenizer = tokenizers[tutorial.locale] else { return nil }
                return SearchDocument(tutorial: tutorial, page: path, tokenizer: tokenizer, sectionIDs: sectionIDs)
            }
            if let kept = previous[planned.source], kept.page == path {
                let indexed = collecting && plan.isCurrent(planned)
                if indexed, kept.search == nil, let deferred = kept.deferredSearch {
                    // Read only if the locale's index is built again; a document that cannot be read is indexed as one that was not recorded.
                    // The fallback is made only then too: it models the page's words again.
                    let tokenizer = tokenizers[planned.locale]
                    return RenderedPage(warnings: warnings, deferred: DeferredSearch(fingerprint: deferred.fingerprint) {
                        deferred.load() ?? tokenizer.flatMap { tokenizer in
                            (try? model().tutorial).map {
                                SearchDocument(tutorial: $0, page: path, tokenizer: tokenizer, sectionIDs: PageAnchors($0).sectionIDs)
                            }
                        }
                    })
                }
                guard indexed else { return RenderedPage(warnings: warnings) }
                if let search = kept.search { return RenderedPage(warnings: warnings, search: search) }
                let tutorial = try model().tutorial
                return RenderedPage(warnings: warnings, search: search(tutorial, PageAnchors(tutorial).sectionIDs))
            }
            let read = try model()
            let (tutorial, pageVerifications) = (read.tutorial, read.verifications)
            var builder = TutorialPageBuilder(
                plan: plan, interface: interface, strings: strings, verifications: pageVerifications, navigationIndex: navigation)
            builder.media = media
            builder.lastUpdated = lastUpdated[tutorial.source]
            let stable = read.stableSectionIDs ?? stableIDs[tutorial.source] ?? [:]
            let anchors = PageAnchors(tutorial, stable: stable)
            let page = builder.page(for: tutorial, anchors: anchors)
            recordPage?(PageModel(tutorial: tutorial, verifications: pageVerifications), stable)
            // A page rendered again with other templates gives the index the words it gave before.
            let stored = collecting && plan.isCurrent(tutorial) ? storedSearch[tutorial.source] : nil
            return RenderedPage(
                data: try renderer.render(page, template: "tutorial"), warnings: warnings, search: stored == nil ? search(tutorial, anchors.sectionIDs) : nil,
                deferred: stored, samples: Self.samples(of: tutorial, verifications: pageVerifications))
        }
        // Each batch is rendered on all cores while the one before it is stored here, in plan order: the
        // stores (files written, search indexes grown) no longer leave the cores idle between batches.
        var waiting: (batch: [Tutorial], pages: [Result<RenderedPage, any Error>])?
        for start in stride(from: 0, to: pages.count, by: Self.batch) {
            let batch = Array(pages[start..<min(start + Self.batch, pages.count)])
            let rendered = try Concurrently.overlap({
                batch.concurrentMap { planned in
                    Result { () throws -> RenderedPage in
                        var page = try render(planned)
                        // A page's search document is fingerprinted and recorded where it was made, on all cores.
                        if let search = page.search {
                            page.searchFingerprint = search.fingerprint
                            recordSearch?(planned.source, search, page.searchFingerprint)
                        }
                        return page
                    }
                }
            }, while: {
                if let waiting { try store(waiting.batch, waiting.pages, previous: previous) }
            })
            waiting = (batch, rendered)
        }
        if let waiting { try store(waiting.batch, waiting.pages, previous: previous) }
    }

    /// Stores the pages of `batch` (kept or rendered, in order) and what the summary and the search
    /// indexes take from them.
    private mutating func store(_ batch: [Tutorial], _ pages: [Result<RenderedPage, any Error>], previous: [String: PreviousPage]) throws {
        for (tutorial, page) in zip(batch, pages) {
            let rendered = try page.get()
            if let search = rendered.search {
                summary.search.add(search, locale: tutorial.locale)
                searchPages[tutorial.locale, default: []].append(search.page + "\t" + rendered.searchFingerprint)
            } else if let deferred = rendered.deferred {
                deferredSearch[tutorial.locale, default: []].append((plan.path(of: tutorial), deferred))
                searchPages[tutorial.locale, default: []].append(plan.path(of: tutorial) + "\t" + deferred.fingerprint)
            }
            summary.warnings += rendered.warnings.filter { !summary.warnings.contains($0) }
            let path = plan.path(of: tutorial)
            if let data = rendered.data {
                try store(path, data)
                record(rendered.samples, tutorial: tutorial, page: path)
            } else if let kept = previous[tutorial.source] {
                try sink.keep(path, from: kept.file)
                summary.kept += 1
                summary.pages += 1
                advance(path)
                record(kept.samples, tutorial: tutorial, page: path)
            }
        }
    }

    /// What rendering (or keeping) a tutorial page gives: its bytes (nil: kept), the interface strings'
    /// warnings, its search document (or the one a kept page had, read only when needed) and how its
    /// samples were verified, by status.
    struct RenderedPage {
        var data: Data?
        var warnings: [String]
        var search: SearchDocument?
        /// `search`'s fingerprint (made with it, on the thread that built the page).
        var searchFingerprint = ""
        var deferred: DeferredSearch?
        var samples: [SampleVerification.Status: Int] = [:]
    }

    /// Pages rendered at once.
    static var batch: Int { 64 }

    mutating func renderSitePages() throws {
        if input.keepsSitePages {
            try keepSitePages()
            try writeSearchIndexes()
            return
        }
        let strings = interface.table(for: plan.configuration.defaultLocale).strings
        let landing = LandingPageBuilder(plan: plan, interface: interface, strings: strings, report: report)
        let index = index
        try emit(index.map(\.path), template: "index") { index[$0].view }
        try renderDriftReport(strings: strings, overview: landing.chrome(title: strings["driftReport"] ?? "Drift report", path: DriftReportPageBuilder.overviewPath))
        let status = status
        try emit(status.map(\.path), template: "status") { status[$0].view }
        try renderSitemap()
        // The 404 page is served at any address, where relative links would not resolve: its links start
        // from the site's path on the server (`/`), so it works on any host that serves the site there.
        var notFound = landing.chrome(title: strings["notFoundTitle"] ?? "Page not found", path: "404.html")
        notFound.search = nil
        notFound.root = plan.configuration.sitePath
        try emit("404.html", NotFoundPageView(chrome: notFound, home: plan.configuration.sitePath), template: "404")
        letGoOfSitePages()
        try writeSearchIndexes()
    }

    /// The pages about the whole site of the last build, kept whole (see `SiteInput.keepsSitePages`).
    private mutating func keepSitePages() throws {
        for (path, kept) in input.previousSitePages.sorted(by: { $0.key < $1.key }) {
            try sink.keep(path, from: kept.file)
            if path.hasSuffix(".html") {
                summary.pages += 1
                summary.kept += 1
            }
            advance(path)
            summary.sitePageFingerprints[path] = kept.fingerprint
        }
    }

    /// The sitemap: one file, or its parts and their index.
    private mutating func renderSitemap() throws {
        guard let sitemap else { return }
        try emit(sitemap.parts.map(\.path), template: "sitemap") { sitemap.parts[$0].view }
        if let index = sitemap.index { try emit("sitemap.xml", index, template: "sitemap-index") }
    }

    /// The drift report: the overview, then each locale's page and parts, in the locale's strings.
    private mutating func renderDriftReport(strings: [String: String], overview: PageChrome) throws {
        guard let report else { return }
        let builder = DriftReportPageBuilder(plan: plan, interface: interface, layout: report)
        try emit(DriftReportPageBuilder.overviewPath, builder.overview(input.driftReport, strings: strings, chrome: overview), template: "drift-report")
        let (plan, interface) = (plan, interface)
        for locale in report.locales {
            let own = interface.table(for: locale.locale).strings
            let language = interface.languageName(of: locale.locale)
            let chrome: @Sendable (DriftReportLayout.Part?, String) -> PageChrome = { part, path in
                plan.chrome(locale: locale.locale, strings: own, title: DriftReportPageBuilder.title(of: part, language: language, strings: own), path: path)
            }
            let path = DriftReportLayout.localePath(locale.locale)
            try emit(path, builder.localePage(locale, strings: own, chrome: chrome(nil, path)), template: "drift-report")
            if locale.isSplit { try renderParts(of: locale, builder: builder, strings: own, chrome: chrome) }
        }
    }

    /// The parts of a split locale, on all cores, in the locale's strings.
    private mutating func renderParts(
        of locale: DriftReportLayout.Locale, builder: DriftReportPageBuilder, strings: [String: String],
        chrome: @escaping @Sendable (DriftReportLayout.Part?, String) -> PageChrome
    ) throws {
        try emit(locale.parts.map(\.path), template: "drift-report") { index in
            builder.partPage(index, of: locale, strings: strings, chrome: chrome(locale.parts[index], locale.parts[index].path))
        }
    }

    /// `<locale>/search-index.js` and its parts for every locale with current pages: from the pages of
    /// this build, or the shards' indexes a merge was given.
    private mutating func writeSearchIndexes() throws {
        if let merged = input.search {
            for (locale, files) in merged.files(locales: plan.searchLocales) { try store(search: files, locale: locale, fingerprint: nil) }
            return
        }
        let locales = plan.searchLocales.sorted()
        let fingerprints = locales.map { ContentHash.hex((searchPages[$0] ?? []).sorted().joined(separator: "\n").utf8) }
        let kept = zip(locales, fingerprints).map { locale, fingerprint in
            input.previousSearch[locale].flatMap { $0.fingerprint == fingerprint ? $0 : nil }
        }
        // The locales' indexes are built one after the other, each on all cores (its documents read,
        // its parts spelled), and each one's files stored before the next is built: side by side, or
        // held until every locale was built, their transient copies made the peak of a build's memory.
        let (deferred, pageLines, snapshot) = (deferredSearch, searchPages, input.previousSearchSnapshot)
        for (offset, locale) in locales.enumerated() {
            if let previous = kept[offset] {
                try keep(previous, locale: locale)
                continue
            }
            // The index is taken out of the summary while it grows and put back when built.
            var index = summary.search.removeIndex(of: locale)
            let started = Set(index?.pages.map(\.path) ?? [])
            // Each page's fingerprint, by page path.
            let current = Dictionary((pageLines[locale] ?? []).map { line in
                let tab = line.lastIndex(of: "\t") ?? line.endIndex
                return (String(line[..<tab]), String(line[tab...].dropFirst()))
            }, uniquingKeysWith: { first, _ in first })
            // The pages the last build's index holds as they are now are taken from it (unless rendered
            // again: those are in `started`); only the others' stored documents are read.
            var pending = deferred[locale] ?? []
            // How the pages taken from the last build's index were spelled in its files (the others are spelled anew).
            var spelled: [String: SearchIndex.SpelledPage] = [:]
            let previous = snapshot?(locale)
            let held = previous?.held(current, except: started) ?? []
            if let previous {
                spelled = previous.spelled.filter { held.contains($0.key) }
                pending = pending.filter { !held.contains($0.page) }
            }
            var fresh = index ?? SearchIndex(locale: locale)
            for document in pending.concurrentMap({ $0.search.load() }) {
                guard let document else { continue }
                fresh.add(document)
            }
            // The last build's index with the pages built again put in place, when they line up with its
            // pages; else its pages kept merged with those.
            let patched = previous.flatMap { $0.index.replacingPages(with: fresh, keeping: held) }
            let whole: SearchIndex
            if let patched {
                whole = patched
            } else {
                if let previous, !held.isEmpty { fresh.merge(previous.kept(current, except: started)) }
                whole = fresh.canonical()
            }
            let pages = whole.spelledPages(known: spelled)
            // Only a run that keeps it makes the snapshot for the next build. An index patched after
            // an edit: made on another core while the files are spelled and stored here (mostly on
            // this core), a tenth of a second of an edited build. An index built whole: made once its
            // files are written and let go, as side by side their bytes and the snapshot's were the top
            // of a cold build's last peak. The index is not put back in the summary: written, it is
            // let go before the next locale's is built.
            let (fingerprint, record) = (fingerprints[offset], input.recordSearchSnapshot)
            let snapshot = { @Sendable in SearchSnapshot(canonical: whole, fingerprints: current, spelled: pages).bytes() }
            if patched != nil, let record {
                record(locale, try Concurrently.overlap(snapshot, while: {
                    try store(search: whole.canonicalFiles(spelled: pages), locale: locale, fingerprint: fingerprint)
                }))
            } else {
                try store(search: whole.canonicalFiles(spelled: pages), locale: locale, fingerprint: fingerprint)
                record?(locale, snapshot())
            }
        }
    }

    /// A locale's index kept whole from the previous site: the pages it was built from are this build's.
    private mutating func keep(_ previous: PreviousSearchIndex, locale: String) throws {
        let paths = previous.files.keys.sorted()
        for path in paths { try sink.keep(path, from: previous.files[path]!) }
        summary.searchIndexes[locale] = previous.size
        summary.searchFiles[locale] = (previous.fingerprint, paths)
    }

    /// Stores a locale's index files and records their size (and, with `fingerprint`, what a later build keeps them by).
    private mutating func store(search files: [SearchFile], locale: String, fingerprint: String?) throws {
        var size = SearchIndexSize()
        for file in files {
            try store(search: file)
            size.add(file)
        }
        summary.searchIndexes[locale] = size
        if let fingerprint { summary.searchFiles[locale] = (fingerprint, files.map(\.path).sorted()) }
    }

    /// A file of the search index, kept from the previous site when its bytes are the same there (a part
    /// is named by its hash: most parts of a large site survive an edit).
    private mutating func store(search file: SearchFile) throws {
        if let previous = input.previousSite?.appendingPathComponent(file.path), SiteWriter.Draft.holds(previous, file.data) {
            try sink.keep(file.path, from: previous)
        } else {
            try sink.put(file.path, file.data)
        }
    }

    /// The translation status: an overview of every locale, then each translated locale's pages in its
    /// own language.
    static func statusPages(
        plan: SitePlan, interface: InterfaceStrings, report: DriftReportLayout?, driftReport: DriftReport, measure: StatusPageMeasure
    ) -> [(path: String, view: StatusPageView)] {
        let builder = StatusPageBuilder(plan: plan, interface: interface, status: TranslationStatus(report: driftReport, plan: plan), report: report)
        let chrome = { (locale: String, strings: [String: String], path: String, part: String?) in
            let title = strings["statusTitle"] ?? "Translation status"
            return plan.chrome(locale: locale, strings: strings, title: part.map { "\($0) — \(title)" } ?? title, path: path)
        }
        let strings = interface.table(for: plan.configuration.defaultLocale).strings
        let overview = builder.overview(strings: strings, chrome: chrome(plan.configuration.defaultLocale, strings, "status.html", nil))
        return [("status.html", overview)] + builder.status.locales.flatMap { locale in
            let own = interface.table(for: locale).strings
            return builder.pages(locale, strings: own, pageSize: plan.configuration.listPageSize, measure: measure) { chrome(locale, own, $0, $1) }
        }
    }

    /// Renders `view` at `path` (see the other `emit`).
    private mutating func emit<View: Encodable & Sendable>(_ path: String, _ view: View, template: String) throws {
        try emit([path], template: template) { _ in view }
    }

    /// Renders the page at each of `paths` from its view, on all cores, a batch at a time, stored in
    /// order. A page whose fingerprint — its template and bytes, hashed — is the one an earlier build
    /// recorded for the same path (with the same templates, configuration and plan) is kept from it,
    /// not written again: most whole-site pages and parts do not change when a page is edited.
    private mutating func emit<View: Encodable>(_ paths: [String], template: String, view: @escaping @Sendable (Int) -> View) throws {
        let (renderer, previous) = (renderer, input.previousSitePages)
        for start in stride(from: 0, to: paths.count, by: Self.batch) {
            let indices = Array(start..<min(start + Self.batch, paths.count))
            let pages = indices.concurrentMap { index in
                do {
                    let data = try renderer.render(view(index), template: template)
                    let fingerprint = template + "-" + data.withUnsafeBytes { ContentHash.hex($0) }
                    return (fingerprint, Result<Data?, any Error>.success(previous[paths[index]]?.fingerprint == fingerprint ? nil : data))
                } catch {
                    return ("", Result<Data?, any Error>.failure(error))
                }
            }
            for (index, (fingerprint, page)) in zip(indices, pages) {
                let path = paths[index]
                if let data = try page.get() {
                    try store(path, data)
                } else if let kept = previous[path] {
                    try sink.keep(path, from: kept.file)
                    if path.hasSuffix(".html") {
                        summary.pages += 1
                        summary.kept += 1
                    }
                    advance(path)
                }
                summary.sitePageFingerprints[path] = fingerprint
            }
        }
    }

    private mutating func store(_ path: String, _ data: Data) throws {
        try sink.put(path, data)
        if path.hasSuffix(".html") { summary.pages += 1 }
        advance(path)
    }

    private mutating func advance(_ path: String) {
        done += 1
        progress(SiteProgress(done: done, total: total, page: path))
    }

    /// How the samples of `tutorial` were verified: how many of each status.
    static func samples(of tutorial: Tutorial, verifications: any SampleVerificationProvider) -> [SampleVerification.Status: Int] {
        var samples: [SampleVerification.Status: Int] = [:]
        for sample in tutorial.allCode {
            let key = SampleKey(source: tutorial.source, sample: sample.id)
            samples[verifications.verification(for: key)?.status ?? .unverified, default: 0] += 1
        }
        return samples
    }

    private mutating func record(_ samples: [SampleVerification.Status: Int], tutorial: Tutorial, page: String) {
        summary.samples.merge(samples, uniquingKeysWith: +)
        summary.tutorialPages[tutorial.source] = (page, samples)
    }
}
