import StepwiseDiagnostics
import Foundation
import Localization
import Site
import StepwiseWorkspace

/// Workspace → drift checks' results → site files: what the site stage writes and what
/// `stepwise check` compares with the committed `generated/site`.
struct SitePipeline {
    var workspace: Workspace
    /// The drift checks of the workspace, run once by the caller.
    var report: CheckReport
    /// Pages of the last build to keep, by document.
    var previousPages: [String: PreviousPage] = [:]

    var configuration: SiteConfiguration {
        let project = workspace.configuration
        return SiteConfiguration(
            defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition,
            siteURL: project.siteURL, docsBaseURL: project.docsBaseURL)
    }

    /// Renders the site into `sink`, page by page, and returns the build summary.
    func render(into sink: inout some SiteSink, progress: @escaping (SiteProgress) -> Void = { _ in }) throws -> SiteSummary {
        let tutorials = workspace.reported.compactMap(\.tutorial)
        let drift = DriftVerifications(
            report: report, tutorials: tutorials, defaultLocale: workspace.sourceLocale, sourceEdition: workspace.sourceEdition)
        var driftReport = drift.driftReport()
        driftReport.unreadable = workspace.failedDocuments.flatMap(\.diagnostics).filter { $0.severity == .error }.map {
            DriftReport.Finding(severity: $0.severity.rawValue, message: $0.summary + " [\($0.id)]", location: $0.location?.description ?? "")
        }
        var input = SiteInput(tutorials: tutorials, verifications: drift.verifications(), driftReport: driftReport)
        input.previousPages = previousPages
        let builder = SiteBuilder(templates: workspace.root.appendingPathComponent("templates"), configuration: configuration)
        return try SitePipeline.reporting(at: "templates") { try builder.render(input, into: &sink, progress: progress) }
    }

    /// Reports a failure as `path:1:1: error: site: …` (the templates or the output folder) and exits with status 1.
    static func reporting<T>(at path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as InputFailure {
            throw failure
        } catch {
            let reason = (error as? SiteError)?.description ?? (error as NSError).localizedDescription
            throw InputFailure(.error("site-failed", at: SourceLocation(path: path), "site: \(reason)"))
        }
    }
}
