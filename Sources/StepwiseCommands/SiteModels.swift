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
    /// Each document's sections' ids (`Section.id`), by its `source`: what the stable ids of the
    /// sections aligned with them are made from (see `PageAnchors.stableIDs(_:sections:)`).
    let sectionIDs: [String: [String]]
    /// What verifies a model's samples, and the drift checks' alignments by the document they align.
    let drift: DriftVerifications
    let alignments: [String: TutorialAlignment]

    /// The models of `workspace`'s reported documents, whose samples are verified with `alignments`.
    init(modeller: DocumentModeller, workspace: Workspace, alignments: [TutorialAlignment], sectionIDs: [String: [String]]) {
        self.modeller = modeller
        files = Dictionary(workspace.reported.compactMap { document in document.tutorial.map { ($0.source, document.url) } },
                           uniquingKeysWith: { first, _ in first })
        self.sectionIDs = sectionIDs
        drift = DriftVerifications(
            report: CheckReport.merged([]), tutorials: [], defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
        self.alignments = DriftVerifications.alignmentsByTarget(alignments)
    }

    /// The model of the document `planned` outlines, read again. A document that changed since it was
    /// checked (its outline is not the one planned) or can no longer be read stops the build: the page
    /// would not be the one the plan, the report and the cache describe.
    func model(of planned: Tutorial) throws -> PageModel {
        guard let url = files[planned.source], let tutorial = modeller.model(url), tutorial.outline == planned.outline else {
            throw InputFailure(.error(
                "site-failed", at: SourceLocation(path: planned.source),
                "site: \(planned.source) changed while the site was built (it was read again to render its page); build again"))
        }
        return PageModel(tutorial: tutorial, verifications: drift.verifications(of: tutorial, alignments: alignments))
    }
}
