public import Foundation
import Localization
public import Site
public import StepwiseDiagnostics
import StepwiseWorkspace
import Synchronization
import TutorialModel

/// `stepwise build`'s work without the command line: loads the content once (through the caches),
/// runs the build stages in order (`[i/n] name` on `Console.current`) and returns what they did.
/// `stepwise build` adapts its options into one; `stepwise serve` runs one for every rebuild.
public struct BuildAction: Sendable {
    /// The project root, and the root as the user wrote it (for paths shown to the user).
    public var root: URL
    public var rootPath: String
    /// `stepwise.yml`, and how messages name it.
    public var configurationFile: URL
    public var configurationPath: String
    /// The folder holding one folder per locale, when given (else found from the content).
    public var contentRoot: URL?
    /// The content read (default `<root>/content`).
    public var content: URL
    /// The tutorial the Swift contract is generated from (default: `contract.tutorial` in the configuration).
    public var tutorial: String?
    /// False: neither read nor write the cache (`--no-cache`).
    public var useCache = true
    public var failOn: FailOn = .error
    /// The run's listing of its inputs (see `CheckCache.listing`).
    var listing: RunRecord.Listing?

    /// The action for the project at `root` with its usual layout (`stepwise.yml`, `content/`).
    public init(root: URL) {
        self.root = root.standardizedFileURL
        rootPath = root.path
        configurationPath = ProjectConfiguration.fileName
        configurationFile = root.appendingPathComponent(configurationPath)
        content = root.appendingPathComponent("content", isDirectory: true)
    }

    /// Builds, and returns the status `stepwise build` would exit with, its problems and the site's summary.
    public func run() -> BuildOutcome {
        run(reporting: { _ in })
    }

    /// `run()`, with `report` given the outcome while the build's last writes (the site cache) finish
    /// on another thread; returns once both are done. An error `report` throws is thrown then.
    @discardableResult
    public func run(reporting report: (BuildOutcome) throws -> Void) rethrows -> BuildOutcome {
        let finishing = BuildFinishing()
        let outcome = run(finishing)
        try Concurrently.overlap({ finishing.wait() }, while: { try report(outcome) })
        return outcome
    }

    private func run(_ finishing: BuildFinishing) -> BuildOutcome {
        let engine = DiagnosticEngine()
        // What the engine holds (a corpus's diagnostics, as emitted) is not freed by this thread.
        defer { Concurrently.discard(engine) }
        let summary = Mutex<SiteSummary?>(nil)
        do {
            let inputs = try run(engine, finishing: finishing) { site in summary.withLock { $0 = site } }
            let diagnostics = engine.diagnostics
            var outcome = BuildOutcome(status: failOn.exitStatus(for: diagnostics), diagnostics: diagnostics, summary: summary.withLock { $0 })
            outcome.inputs = inputs
            return outcome
        } catch let failure as InputFailure {
            return BuildOutcome(status: failure.exitCode, diagnostics: [], summary: nil, failure: failure.diagnostic)
        } catch {
            return BuildOutcome(status: 1, diagnostics: [], summary: nil, failure: .error("build-failed", at: nil, "build: \(error)"))
        }
    }

    /// Runs the build; returns every file the check's shares were computed from with its stamp as
    /// read (see `CheckCache.Outcome.inputs`), nil without the cache.
    private func run(_ engine: DiagnosticEngine, finishing: BuildFinishing, site: @escaping @Sendable (SiteSummary) -> Void) throws -> ReadFiles? {
        let configuration = try loadConfiguration()
        var loader = WorkspaceLoader(root: root, configuration: configuration, contentRoot: contentRoot, sourceLocale: nil, sourceEdition: nil)
        // The folders the run's listing walked are not walked again.
        loader.tree = listing?.tree
        let contractTutorial = tutorial ?? configuration.contractTutorial
        var incrementalBuild = IncrementalBuild(loader: loader, content: content.path, configuration: configurationFile, contractTutorial: contractTutorial, listing: listing)
        // The tables of contents, read once: the site's key, the link check and the pages' navigation.
        let navigation = SitePipeline.navigation(contentRoot: incrementalBuild.contentRoot, root: loader.root, tree: loader.tree)
        incrementalBuild.navigation = navigation
        var input = try load(loader, incrementalBuild: incrementalBuild, engine: engine)
        let links = LinkCheck(loader: loader, contentRoot: content)
        let linkCache = input.incremental.map {
            LinkCache(root: root, key: incrementalBuild.checkKey, dependencyKeys: $0.dependencyKeysBySource(input.workspace))
        }
        let read = Self.sameFolder(content, incrementalBuild.contentRoot) ? navigation : nil
        // The link check needs nothing the stages make, nor they anything of it: a build through the
        // cache runs it beside them, on the cores their serial parts leave idle (the engine sorts what
        // it is given). Its memory is freed long before the site stage's peak, at its end (the search
        // indexes): on the corpus, a cold build is about a second shorter and peaks no higher. The
        // links and anchors of every document (a corpus's: 48 MB) are handed over, not captured: the
        // check lets go of them once done, not when the stages end.
        let (checkedLinks, tables) = (Handover(input.report.links), links.tables(below: [content], in: read))
        // Checked there: no stage reads the links and anchors of every document again.
        input.report.links = []
        var context = BuildContext(
            workspace: input.workspace, report: input.report, diagnostics: engine, rootPath: rootPath,
            contractTutorial: contractTutorial, incremental: input.incremental, lastUpdated: input.dates)
        context.models = input.dropped.map { dropped in
            SiteModels(
                modeller: loader.modeller(for: [content.path]), workspace: input.workspace, alignments: input.report.alignments,
                dropped: dropped.documents, kept: dropped.kept)
        }
        let sameRoots = Self.sameFolder(input.workspace.contentRoot, incrementalBuild.contentRoot) && Self.sameFolder(input.workspace.root, loader.root)
        context.navigation = sameRoots ? navigation : nil
        context.onSite = site
        context.finishing = finishing
        let stages = BuildStage.stages(for: context)
        if context.contractTutorial == nil {
            Console.current.output("note: no contract.tutorial in \(configurationPath): the swift contract stage is skipped\n")
        }
        let restore = input.restore
        let checkLinks = { @Sendable in links.diagnostics(checkedLinks.take() ?? [], tables: tables, cache: linkCache, restore: restore) }
        let runStages = {
            for (index, stage) in stages.enumerated() {
                Console.current.output("[\(index + 1)/\(stages.count)] \(stage.name)\n")
                try stage.run(context)
            }
        }
        if input.incremental != nil {
            engine.emit(contentsOf: try Concurrently.overlap(checkLinks, while: runStages))
        } else {
            engine.emit(contentsOf: checkLinks())
            try runStages()
        }
        // The workspace, its models, the report and the caches read are not freed by this thread while
        // the build reports (see `Concurrently.discard`).
        let inputs = input.inputs
        Concurrently.discard((context, input))
        return inputs
    }

    /// Whether `first` and `second` name the same folder (both nil: the same absence).
    private static func sameFolder(_ first: URL?, _ second: URL?) -> Bool {
        first?.standardizedFileURL.path == second?.standardizedFileURL.path
    }

    /// `stepwise.yml`, read afresh; a mistake in it stops the build (status 2) before anything is read.
    private func loadConfiguration() throws -> ProjectConfiguration {
        do {
            return try ProjectConfiguration.load(configurationFile, displayPath: configurationPath)
        } catch {
            throw InputFailure(error.diagnostic, exitCode: 2)
        }
    }

    /// The bytes of models a cold build holds aside for their pages, when every model fits (see
    /// `SiteModels.estimatedSize(of:limit:)`): a content of up to some 5,000 pages (64 MB of
    /// Markdown) is held in memory; a larger one sets each model aside in a spool file, read back as its
    /// page is rendered (`Spool`), its memory bounded by the batches, not by the content. Holding
    /// only part of a larger content's models was tried: on the Azure corpus it raised the peak by the
    /// budget (the site stage does not reuse all the memory they held) for a few percent.
    static let modelBudget = 256 << 20

    /// What the stages read: only the changed documents through the caches, else every document
    /// (without the cache too, a batch at a time).
    /// `dropped`: the workspace keeps its documents' outlines only, what the site needs of their models,
    /// and the models held aside for their pages (see `SiteModels`).
    private func load(_ loader: WorkspaceLoader, incrementalBuild: IncrementalBuild, engine: DiagnosticEngine) throws
        -> (workspace: Workspace, report: CheckReport, incremental: IncrementalSite?, dates: [String: String], inputs: ReadFiles?,
            dropped: (documents: [String: SiteModels.Dropped], kept: [String: Tutorial])?, restore: LinkRestorer)
    {
        if useCache, let prepared = try incrementalBuild.prepare() {
            engine.emit(contentsOf: prepared.diagnostics)
            Console.current.output(prepared.line + "\n")
            return (prepared.workspace, prepared.report, prepared.site, prepared.dates, prepared.inputs, nil, prepared.restore)
        }
        // Every page is rendered: every document is checked afresh (its page needs its alignments),
        // a batch at a time; the text the documents were read from and their models are dropped
        // batch by batch, as they are most of what a whole-content build would hold: each document
        // keeps its outline, and the site stage reads its model back from a file set aside for the
        // run to render its page (`Spool`, `SiteModels`), unless the content is small enough
        // for every model to be held aside in memory (`modelBudget`).
        // The contract tutorial keeps its model, which the contract stage reads.
        let contract = incrementalBuild.contractTutorial.map {
            ContractSource.url(of: $0, contentRoot: incrementalBuild.contentRoot, root: loader.root)
        }
        // Without the cache (`--no-cache`) the same, but nothing of the cache is read or kept (the
        // spool, unlinked as soon as it is made, made in the system's temporary folder).
        let spool = useCache ? root.appendingPathComponent(".stepwise/cache", isDirectory: true) : FileManager.default.temporaryDirectory
        var checked = try CheckCache(root: root, key: incrementalBuild.checkKey, listing: listing, persists: useCache)
            .checkEveryDocument(inBatches: [content.path], loader: loader, modelBudget: Self.modelBudget, spool: Spool(in: spool)) { $0.url == contract }
        let workspace = checked.workspace
        // The report's merge and the diagnostics' and site plan's gathering are each mostly on one
        // core: side by side, on two.
        let done = workspace
        // The shares are decoded first (on every core), each let go once decoded: the outcome
        // below holds them alone (see `CheckCache.Outcome.takeParts()`).
        var taking = checked.outcome
        checked.outcome.shares = []
        let parts = Result { try taking.takeParts() }
        let outcome = taking
        let useCache = useCache
        let (full, merged) = Concurrently.run({ () -> (site: IncrementalSite?, dates: [String: String]) in
            engine.emit(contentsOf: done.diagnostics)
            guard useCache else { return (nil, GitDates.lastUpdated(done)) }
            let full = incrementalBuild.fullSite(done, outcome: outcome)
            return (full.site, full.dates)
        }, { Result { outcome.report(try parts.get()) } })
        return (workspace, try merged.get(), full.site, full.dates, useCache ? checked.outcome.inputs : nil, (checked.dropped, checked.kept),
                CheckCache.Outcome.keepsLinks)
    }
}

/// What a build did: its exit status, its problems, and the summary of the site it wrote.
public struct BuildOutcome: Sendable {
    /// The exit status `stepwise build` has: 0, 1 (a problem at or above `failOn`, or a failure), 2 (a bad configuration).
    public var status: Int32
    /// Every problem reported, each once, in report order (none when the build failed).
    public var diagnostics: [Diagnostic]
    /// The site written; nil when the build stopped before the site stage finished.
    public var summary: SiteSummary?
    /// What stopped the build early, if anything.
    public var failure: Diagnostic?

    /// With the cache: every file the check's shares were computed from, with its stamp as read,
    /// and those found absent; nil without the cache.
    var inputs: ReadFiles?

    /// The problems to show: the failure alone when the build stopped, else every diagnostic.
    public var problems: [Diagnostic] { failure.map { [$0] } ?? diagnostics }
}
