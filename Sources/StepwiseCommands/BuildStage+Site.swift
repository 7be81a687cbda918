import StepwiseDiagnostics
import Foundation
import Site

extension BuildStage {
    /// Renders `generated/site/` from the workspace and `templates/`, with the drift checks' badges.
    static let site = BuildStage(name: "site") { context in
        let started = Date()
        let progress = ProgressReporter(console: Console.current, interactive: isatty(STDOUT_FILENO) == 1)
        var pipeline = SitePipeline(workspace: context.workspace, report: context.report)
        pipeline.previousPages = context.incremental?.previous ?? [:]
        let summary = try SitePipeline.reporting(at: context.path("generated/site")) {
            try SiteWriter(generated: context.url("generated")).write { draft in try pipeline.render(into: &draft, progress: progress.report) }
        }
        if let incremental = context.incremental { incremental.cache.save(summary, dependencyKeys: incremental.dependencyKeys) }
        progress.finish()
        context.diagnostics.emit(contentsOf: summary.warnings.map { .warning("interface-strings", at: nil, $0) })
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Console.current.output("site: \(summary.line); \(seconds)s → \(context.path("generated/site"))\n")
    }
}
