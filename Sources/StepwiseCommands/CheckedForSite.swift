import Foundation
import Localization
import StepwiseWorkspace

/// The documents below a content folder, or those a shard selects, checked for a run that renders
/// their pages without the cache — `build --shard`, and `check` comparing the committed `generated/`
/// with a fresh build (whole or a shard's part): as a cold build checks them, a batch at a time, each
/// document keeping its outline and its model set aside for its page (`SiteModels`: held in memory
/// within `BuildAction.modelBudget`, else in a spool in the system's temporary folder), the contract
/// tutorial keeping its model; nothing of the cache is read or written. Memory grows with the
/// batches and the report, not with the content's models: checked whole, the Azure corpus peaked at
/// 1.2 GB beside its generated site, a shard of two at 1.1 GB.
struct CheckedForSite {
    /// Every document checked, with its outline (the contract tutorial with its model), in the order found.
    var workspace: Workspace
    var report: CheckReport
    var models: SiteModels

    /// `contractTutorial`: relative to the content root (see `ContractSource`).
    init(content: URL, loader: WorkspaceLoader, contractTutorial: String?, selecting: ([URL]) -> [URL] = { $0 }) throws {
        let contract = contractTutorial.map { ContractSource.url(of: $0, contentRoot: loader.effectiveContentRoot(for: [content]), root: loader.root) }
        var checked = try CheckCache(root: loader.root, key: "", persists: false).checkEveryDocument(
            inBatches: [content.path], loader: loader, modelBudget: BuildAction.modelBudget,
            spool: Spool(in: FileManager.default.temporaryDirectory), keepsModel: { $0.url == contract }, selecting: selecting)
        report = checked.outcome.report(try checked.outcome.takeParts())
        workspace = checked.workspace
        models = SiteModels(
            modeller: loader.modeller(for: [content.path]), workspace: workspace, alignments: report.alignments,
            dropped: checked.dropped, kept: checked.kept)
    }
}
