import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import Synchronization
import TutorialModel

/// The models of a build that keeps its documents' outlines only (`Tutorial.outline`; see
/// `CheckCache.checkEveryDocument(inBatches:loader:size:modelBudget:spool:keepsModel:)`): the models
/// the check held aside, a content within its budget (`kept`), are handed to their pages, each once,
/// and let go; else each model is read back from the spool the check set it aside in (`Spool`),
/// or, without one, its document is read and modelled again, exactly as it was checked (one code path,
/// `DocumentModeller`); either is dropped with its page. Memory holds the budget or the pages in
/// flight, not every model of a larger content.
struct SiteModels: PageModels {
    let modeller: DocumentModeller
    /// Each document's file, by its `source`.
    let files: [String: URL]
    /// What the site needs of each model it did not keep, by its document's `source`.
    let dropped: [String: Dropped]
    /// The models held aside by the check, by `source`, until their pages take them.
    private let kept: Kept
    /// What verifies a model's samples, and the drift checks' alignments by the document they align.
    let drift: DriftVerifications
    let alignments: [String: TutorialAlignment]

    /// What the site needs of a model it does not keep: its sections' ids (`Section.id`), what the
    /// stable ids of the sections aligned with them are made from (see `PageAnchors.stableIDs(_:sections:)`),
    /// and, for a model its document is read again for, its hash value in this run (`Hashable`: equal
    /// models have equal hash values), which the model read again must have. Nil for a model held
    /// aside (`kept`) or set aside in the spool: that is the model checked itself, not read again (and
    /// hashing a whole model, each string normalized, cost a cold build of the corpus two CPU-seconds).
    struct Dropped: Equatable, Sendable {
        var sectionIDs: [String]
        var hash: Int?
        /// Where the model was set aside, to be read back for its page rather than modelled again
        /// (nil: its document is read again).
        var spooled: Spool.Spooled?

        init(_ tutorial: Tutorial, spooled: Spool.Spooled? = nil) {
            sectionIDs = tutorial.sections.map(\.id)
            hash = spooled == nil ? tutorial.hashValue : nil
            self.spooled = spooled
        }

        init(kept tutorial: Tutorial) {
            sectionIDs = tutorial.sections.map(\.id)
            hash = nil
        }
    }

    /// What holding the model of every file of `urls` costs, about, in bytes, counted while it is at
    /// most `limit` (beyond, nil): four times the files' bytes, each file counted once (a model holds
    /// its document's text, split into many small strings with their places; measured on the Azure
    /// corpus, a build grew by about four bytes for every byte of the text of the models it held).
    /// A file's size is the one `listing` stamped, else one `stat`: counted before the first batch
    /// is read, on one core (asking Foundation for each file's size took a cold build's first 0.3 s).
    static func estimatedSize(of urls: [URL], limit: Int, listing: RunRecord.Listing? = nil) -> Int? {
        var total = 0
        for url in urls {
            let path = url.path
            total += 4 * ((listing?.stamps[path] ?? FileStamp.read(path: path))?.size ?? 0)
            if total > limit { return nil }
        }
        return total
    }

    /// Whether a check holds every model aside (see
    /// `CheckCache.checkEveryDocument(inBatches:loader:size:modelBudget:keepsModel:)`), decided once
    /// its documents are found.
    final class Holding: Sendable {
        private let decided = Mutex(false)

        var everyModel: Bool {
            get { decided.withLock { $0 } }
            set { decided.withLock { $0 = newValue } }
        }
    }

    /// The models held aside, each handed once and then let go.
    private final class Kept: Sendable {
        private let models: Mutex<[String: Tutorial]>

        init(_ models: [String: Tutorial]) {
            self.models = Mutex(models)
        }

        func take(_ source: String) -> Tutorial? {
            models.withLock { $0.removeValue(forKey: source) }
        }
    }

    /// Each document's sections' ids, by its `source`.
    var sectionIDs: [String: [String]] { dropped.mapValues(\.sectionIDs) }

    /// The models of `workspace`'s reported documents, whose samples are verified with `alignments`:
    /// those `kept` (by `source`) as they are, the others read again.
    init(modeller: DocumentModeller, workspace: Workspace, alignments: [TutorialAlignment], dropped: [String: Dropped], kept: [String: Tutorial] = [:]) {
        self.modeller = modeller
        self.kept = Kept(kept)
        files = Dictionary(workspace.reported.compactMap { document in document.tutorial.map { ($0.source, document.url) } },
                           uniquingKeysWith: { first, _ in first })
        self.dropped = dropped
        drift = DriftVerifications(
            report: CheckReport.merged([]), tutorials: [], defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
        self.alignments = DriftVerifications.alignmentsByTarget(alignments)
    }

    /// The model of the document `planned` outlines: the one held aside (handed once: the site renders
    /// each page once), else the one set aside in the spool, else read again. A document whose model
    /// is not the one checked (a file changed since) or that can no longer be read stops the build:
    /// its page would not be the one the plan, the report and the cache describe.
    func model(of planned: Tutorial) throws -> PageModel {
        if let tutorial = kept.take(planned.source) {
            return PageModel(tutorial: tutorial, verifications: drift.verifications(of: tutorial, alignments: alignments))
        }
        func again(_ dropped: Dropped) -> Tutorial? {
            // The model set aside is the one checked; a model read again must hash as that one did.
            if let spooled = dropped.spooled { return spooled.model }
            guard let url = files[planned.source], let hash = dropped.hash, let tutorial = modeller.model(url), tutorial.hashValue == hash else { return nil }
            return tutorial
        }
        guard let dropped = dropped[planned.source], let tutorial = again(dropped) else {
            throw InputFailure(.error(
                "site-failed", at: SourceLocation(path: planned.source),
                "site: \(planned.source) changed while the site was built (it was read again to render its page); build again"))
        }
        return PageModel(tutorial: tutorial, verifications: drift.verifications(of: tutorial, alignments: alignments))
    }
}
