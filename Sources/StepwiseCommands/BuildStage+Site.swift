import StepwiseDiagnostics
import Foundation
import Site
import Synchronization
import StepwiseWorkspace

extension BuildStage {
    /// Renders `generated/site/` from the workspace and `templates/`, with the drift checks' badges.
    static let site = BuildStage(name: "site") { context in
        let started = Date()
        let progress = ProgressReporter(console: Console.current, interactive: isatty(STDOUT_FILENO) == 1)
        var pipeline = SitePipeline(workspace: context.workspace, report: context.report)
        if let incremental = context.incremental { pipeline.continuing(incremental) }
        pipeline.lastUpdated = context.lastUpdated
        pipeline.tables = context.navigation
        pipeline.models = context.models
        // Each page's search document and each locale's search index built again are set aside in a
        // spool beside the cache until the cache is saved.
        let searches = SearchRecords(spool: context.incremental.flatMap { Spool(in: $0.cache.folder.deletingLastPathComponent()) })
        if context.incremental != nil {
            pipeline.recordSearch = searches.record
            pipeline.recordSearchSnapshot = searches.recordSnapshot
        }
        // Each page rendered from a read document is kept with its model for a build with other
        // templates (a cold build's models as the check set them aside, not encoded again).
        let models = context.models
        let recorder = context.incremental.map { incremental in
            PageModelRecorder(spooled: { models?.dropped[$0]?.spooled }, stored: incremental.storedModels?.sources ?? [])
        }
        if let recorder { pipeline.recordPage = { recorder.record($0, stableSectionIDs: $1) } }
        // A build that writes every bucket of the model store (a cold one) writes it once the tutorial
        // pages are rendered, on another thread while the pages about the whole site and the search
        // indexes are made (one core's work), rather than with the rest of the cache after them.
        let modelsSaved = Mutex(false)
        if let incremental = context.incremental, let recorder, incremental.savesEveryModel, incremental.storedModels == nil {
            let (finishing, workspace) = (context.finishing, context.workspace)
            pipeline.tutorialsRendered = { written in
                modelsSaved.withLock { $0 = true }
                finishing.start { incremental.saveEveryModel(recorder.all, workspace: workspace, written: written) }
            }
        }
        // The site a build replaces is kept in the cache, to be written over by the next build.
        let spare = context.incremental.map { $0.cache.spareSite }
        var writer = SiteWriter(generated: context.url("generated"), spare: spare)
        // Each file written is stamped as it is written (its bytes in hand), not read back for the cache.
        let written = context.incremental.map { _ in WrittenFiles() }
        writer.observer = written
        // The cache is saved once the site is swapped in, on another thread, while the previous site is
        // put aside and the build goes on to report (see `BuildContext.finishing`).
        let summary = try SitePipeline.reporting(at: context.path("generated/site")) {
            try writer.write({ draft in try pipeline.render(into: &draft, progress: progress.report) }) { summary in
                if let incremental = context.incremental {
                    let workspace = context.workspace
                    let records = modelsSaved.withLock { $0 } ? nil : recorder?.all ?? [:]
                    let stamps = written?.all ?? [:]
                    context.finishing.start { incremental.save(summary, searches: searches, records: records, workspace: workspace, written: stamps) }
                }
            }
        }
        context.onSite(summary)
        progress.finish()
        context.diagnostics.emit(contentsOf: summary.warnings.map { .warning("interface-strings", at: nil, $0) })
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Console.current.output("site: \(summary.line); \(seconds)s → \(context.path("generated/site"))\n")
    }

    /// One shard of the site: the pages of the shard's documents, planned with every document of the
    /// content, and the shard's site part, into `generated/site-parts/<i>-of-<n>/` (atomically).
    static func siteShard(_ shard: Shard, content: URL, loader: WorkspaceLoader, configuration: URL) -> BuildStage {
        BuildStage(name: "site (shard \(shard))") { context in
            let started = Date()
            let progress = ProgressReporter(console: Console.current, interactive: isatty(STDOUT_FILENO) == 1)
            let planning = SiteShare.plan(context.workspace, paths: [content], loader: loader)
            var pipeline = SitePipeline(workspace: context.workspace, report: context.report)
            pipeline.outline = planning.outline
            pipeline.lastUpdated = context.lastUpdated
            pipeline.shard = planning.pages
            pipeline.models = context.models
            let folder = "generated/" + SitePart.folder(shard)
            let summary = try SitePipeline.reporting(at: context.path(folder)) {
                try SiteWriter(generated: context.url("generated/site-parts"), name: "\(shard.index)-of-\(shard.count)").write { draft in
                    let summary = try pipeline.render(into: &draft, progress: progress.report)
                    let warnings = summary.warnings.map { Diagnostic.warning("interface-strings", at: nil, $0) }
                    let part = SitePart(
                        shard: shard, site: SiteShare(workspace: context.workspace, configuration: configuration, planned: planning.planned, pages: summary.tutorialPages,
                                          search: summary.search),
                        diagnostics: context.diagnostics.diagnostics + warnings, report: context.report.withoutAlignments)
                    try draft.put(SitePart.fileName, try part.encoded())
                    return summary
                }
            }
            progress.finish()
            context.diagnostics.emit(contentsOf: summary.warnings.map { .warning("interface-strings", at: nil, $0) })
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            Console.current.output("site shard \(shard): \(summary.line); \(seconds)s → \(context.path(folder))\n")
        }
    }
}
