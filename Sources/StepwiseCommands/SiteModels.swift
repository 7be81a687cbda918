import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// The models of a build that keeps its documents' outlines only (`Tutorial.outline`; see
/// `CheckCache.checkEveryDocument(inBatches:loader:size:keepsModel:)`): each document is read and
/// modelled again as its page is rendered, exactly as it was checked (one code path,
/// `DocumentModeller`), and dropped with its page. Memory holds the pages in flight, not every model.
struct SiteModels: PageModels {
    let modeller: DocumentModeller
    /// Each document's file, by its `source`.
    let files: [String: URL]
    /// What the site needs of each model it did not keep, by its document's `source`.
    let dropped: [String: Dropped]
    /// What verifies a model's samples, and the drift checks' alignments by the document they align.
    let drift: DriftVerifications
    let alignments: [String: TutorialAlignment]

    /// What the site needs of a model it does not keep: its sections' ids (`Section.id`), what the
    /// stable ids of the sections aligned with them are made from (see `PageAnchors.stableIDs(_:sections:)`),
    /// and its hash value in this run (`Hashable`: equal models have equal hash values), which the
    /// model read again must have.
    struct Dropped: Equatable, Sendable {
        var sectionIDs: [String]
        var hash: Int

        init(_ tutorial: Tutorial) {
            sectionIDs = tutorial.sections.map(\.id)
            hash = tutorial.hashValue
        }
    }

    /// Each document's sections' ids, by its `source`.
    var sectionIDs: [String: [String]] { dropped.mapValues(\.sectionIDs) }

    /// The models of `workspace`'s reported documents, whose samples are verified with `alignments`.
    init(modeller: DocumentModeller, workspace: Workspace, alignments: [TutorialAlignment], dropped: [String: Dropped]) {
        self.modeller = modeller
        files = Dictionary(workspace.reported.compactMap { document in document.tutorial.map { ($0.source, document.url) } },
                           uniquingKeysWith: { first, _ in first })
        self.dropped = dropped
        drift = DriftVerifications(
            report: CheckReport.merged([]), tutorials: [], defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
        self.alignments = DriftVerifications.alignmentsByTarget(alignments)
    }

    /// The model of the document `planned` outlines, read again. A document whose model is not the one
    /// checked (a file changed since) or that can no longer be read stops the build: its page would not
    /// be the one the plan, the report and the cache describe.
    func model(of planned: Tutorial) throws -> PageModel {
        guard let url = files[planned.source], let tutorial = modeller.model(url), tutorial.hashValue == dropped[planned.source]?.hash else {
            throw InputFailure(.error(
                "site-failed", at: SourceLocation(path: planned.source),
                "site: \(planned.source) changed while the site was built (it was read again to render its page); build again"))
        }
        return PageModel(tutorial: tutorial, verifications: drift.verifications(of: tutorial, alignments: alignments))
    }
}
