import DocFXDialect
import Foundation
import StepwiseWorkspace
import TutorialModel

extension CheckCache {
    /// How many documents a batch of `check(inBatches:loader:)` holds, about: enough to keep every
    /// core busy, few enough that a batch's documents are a small part of what a run holds.
    static let batchSize = 1_000

    /// As `check(_:loader:recheck:)`, for a caller that needs only the report (`stepwise check`): the
    /// documents to re-check are read and checked `size` at a time (`batches(of:size:)`), and each
    /// batch is dropped once its documents' shares are made (kept as bytes only, set aside in a spool
    /// file until the cache is saved and the report merged), so memory grows with a batch, not with
    /// the content. The report is the same; the outcome's workspace holds no document.
    /// `omittingLinks`: the kept shares decoded early are decoded without their documents' links (see
    /// `Outcome.parts(omittingLinks:)`). Without `keepsAlignments`, the outcome holds no alignment (see
    /// `batch(_:plan:keepsParts:keepsAlignments:)`).
    func check(inBatches paths: [String], loader: WorkspaceLoader, size: Int = batchSize, omittingLinks: Bool = false, keepsAlignments: Bool = true) throws -> Outcome {
        let stored = load()
        let plan = Plan(files: Self.markdownFiles(under: paths.map(loader.url), in: listing?.tree), listing: listing)
        // When the run has the stored run's documents and its listing shows few Markdown files changed
        // since (an edit), the stored shares are decoded from now on, on another thread, while what
        // changed is decided: nearly all of them will be kept (see `Plan.decodeStored`). Should many
        // documents be checked again all the same, they are let go before the batches are checked.
        if let stored, stored.index.key == key, stored.index.documents == plan.documents, let listing,
           plan.fewMarkdownFilesChanged(listing: listing, stored: stored.index, limit: size) {
            plan.decodeStored(stored, omittingLinks: omittingLinks)
        }
        var loader = loader
        // A source that is not read is paired by the asset id its model had when its share was stored.
        loader.knownAssetID = { path in plan.kept[path].flatMap(\.header).map(\.assetID) }
        loader.readObserver = readObserver(plan)
        // Each document's share is set aside as soon as it is made (see `batch(_:plan:keepsParts:keepsAlignments:spool:)`):
        // in the cache's folder, or the system's temporary one for a run that keeps nothing.
        let spool = Spool(in: persists ? folder.deletingLastPathComponent() : FileManager.default.temporaryDirectory)
        let checked = try loader.load(paths, batches: { found in
            plan.found = found
            let changed = plan.decide(found, stored: stored, key: key)
            // When the changed documents fit one batch (an edit), the kept shares are decoded for the
            // report while they are read and checked (unless they are being decoded already); more
            // batches are checked first, as each holds a batch's documents beside the decoded shares
            // (half a corpus changed: a peak of 850 MB against 710).
            if changed.count <= size { plan.decodeKept(omittingLinks: omittingLinks) } else { plan.dropDecoding() }
            return Self.batches(of: changed, size: size)
        }) { workspace in
            (batch: try batch(workspace, plan: plan, keepsParts: false, keepsAlignments: keepsAlignments, spool: spool),
             run: workspace.replacingDocuments(with: [], parsedFiles: 0))
        }
        guard let run = checked.first?.run else { preconditionFailure("a batched load has at least one batch") }
        return try complete(checked.map(\.batch), workspace: run, plan: plan, stored: stored)
    }

    /// `urls` in batches of about `size` documents, in the order of their tutorial paths; a tutorial
    /// (a source with its translations and editions: one tutorial path) is never split, so that a
    /// batch reads few sources besides its own documents.
    static func batches(of urls: [URL], size: Int) -> [[URL]] {
        // Each document's tutorial path found on all cores (its layout is looked for up its folders:
        // a corpus's fifteen thousand took a cold run's first fifth of a second on one core), then
        // grouped in the order found.
        let paths = urls.concurrentMap { ContentLayout.containing($0, defaultLocale: "").tutorialPath(of: $0) }
        var tutorials: [String: [URL]] = [:]
        for (url, path) in zip(urls, paths) { tutorials[path, default: []].append(url) }
        var batches: [[URL]] = [], batch: [URL] = []
        for path in tutorials.keys.sorted() {
            batch += tutorials[path] ?? []
            guard batch.count >= size else { continue }
            batches.append(batch)
            batch = []
        }
        if !batch.isEmpty { batches.append(batch) }
        return batches
    }
}

extension CheckCache {
    /// As `check(_:paths:recheck:)` re-checking every document, for a build (it renders every page):
    /// the documents are read and checked a batch at a time, and each drops what it was read from
    /// (`WorkspaceDocument.loaded`) once its batch is checked, so that text is held for a batch, not
    /// for the content. A document `keepsModel` does not name keeps its outline only (`Tutorial.outline`,
    /// its model set aside in `spool` or read again when its page is rendered), so that the models too
    /// are held for a batch.
    /// Returns the workspace of every document found, in the order found and none loaded (as
    /// `Workspace.releaseLoadedDocuments()` leaves it), the outcome, and what the site needs of each
    /// model, kept or not (by its `source`; see `SiteModels`).
    ///
    /// `modelBudget`: when the models of every document found would take at most this many bytes
    /// (`SiteModels.estimatedSize(of:limit:)`), those `keepsModel` does not name are held aside for
    /// their pages (`kept`, by `source`) rather than read again: a content within the budget is
    /// modelled once; a larger one holds none, its memory bounded by the batches, not the content.
    /// `spool`: where the models not held aside are set aside (`Spool`), read back for their
    /// pages; nil: each is read again from its document. (The shares' bytes are held: a build's peak
    /// is its site stage's, long after they are let go, and setting them aside did not lower it.)
    /// `selecting`: the documents checked, of every document found (a shard's; their sources are read
    /// wherever they are); the whole run is theirs, as a cache that `persists` must have it.
    func checkEveryDocument(
        inBatches paths: [String], loader: WorkspaceLoader, size: Int = batchSize, modelBudget: Int = 0, spool: Spool? = nil,
        keepsModel: @escaping @Sendable (WorkspaceDocument) -> Bool = { _ in true }, selecting: ([URL]) -> [URL] = { $0 }
    ) throws -> (workspace: Workspace, outcome: Outcome, dropped: [String: SiteModels.Dropped], kept: [String: Tutorial]) {
        let stored = load()
        let plan = Plan(files: Self.markdownFiles(under: paths.map(loader.url), in: listing?.tree), listing: listing)
        let holding = SiteModels.Holding()
        var loader = loader
        loader.readObserver = readObserver(plan)
        let checked = try loader.load(paths, batches: { everyDocument in
            let found = selecting(everyDocument)
            precondition(!persists || found.count == everyDocument.count, "a cache that persists records every document")
            plan.found = found
            holding.everyModel = modelBudget > 0 && SiteModels.estimatedSize(of: found, limit: modelBudget, listing: listing) != nil
            _ = plan.decide(found, stored: stored, key: key)
            _ = plan.recheck { _, _ in true }
            return Self.batches(of: found, size: size)
        }) { workspace in
            var dropped: [String: SiteModels.Dropped] = [:], kept: [String: Tutorial] = [:]
            let documents = workspace.reported.map { document in
                var document = document
                document.loaded = nil
                if let tutorial = document.tutorial {
                    if keepsModel(document) {
                        dropped[tutorial.source] = SiteModels.Dropped(tutorial)
                        document.tutorial = tutorial.compacted()
                    } else if holding.everyModel {
                        dropped[tutorial.source] = SiteModels.Dropped(kept: tutorial)
                        kept[tutorial.source] = tutorial.compacted()
                        document.tutorial = tutorial.outline
                    } else {
                        dropped[tutorial.source] = SiteModels.Dropped(tutorial, spooled: spool?.append(tutorial))
                        document.tutorial = tutorial.outline
                    }
                }
                return document
            }
            return (batch: try batch(workspace, plan: plan, keepsParts: false, spool: spool), documents: documents, dropped: dropped, kept: kept,
                    run: workspace.replacingDocuments(with: [], parsedFiles: 0), parsedFiles: workspace.parsedFiles)
        }
        guard let run = checked.first?.run, let parsedFiles = checked.last?.parsedFiles else {
            preconditionFailure("a batched load has at least one batch")
        }
        let batches = checked.map(\.batch), documents = checked.flatMap(\.documents)
        // Later batches win a shared name, as one pass over the batches in order would leave it.
        let dropped = checked.reduce(into: [String: SiteModels.Dropped]()) { all, batch in all.merge(batch.dropped) { _, later in later } }
        let kept = checked.reduce(into: [String: Tutorial]()) { all, batch in all.merge(batch.kept) { _, later in later } }
        let order = Dictionary(plan.found.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Each document's place looked up once, not at every comparison (a URL hashes slowly).
        let places = documents.map { order[$0.url, default: 0] }
        let sorted = documents.indices.sorted { places[$0] < places[$1] }.map { documents[$0] }
        let workspace = run.replacingDocuments(with: sorted, parsedFiles: parsedFiles)
        return (workspace, try complete(batches, workspace: workspace, plan: plan, stored: stored), dropped, kept)
    }
}
