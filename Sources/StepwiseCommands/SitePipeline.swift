import Foundation
import Localization
import Site

/// Content → model → drift checks → site files: what the site stage writes and what
/// `stepwise check` compares with the committed `generated/site`.
struct SitePipeline {
    var context: BuildContext

    func configuration() throws -> SiteConfiguration {
        let file = context.url("stepwise.yml")
        guard FileManager.default.fileExists(atPath: file.path) else { return SiteConfiguration() }
        return try SitePipeline.reporting { try SiteConfiguration.load(from: file) }
    }

    /// The site's files, path → bytes, and the build summary.
    /// Reuses what a full check of `content/` already read when it used the same source selection.
    func render(
        reusing reuse: GeneratedOutputCheck.Reuse? = nil, progress: @escaping (SiteProgress) -> Void = { _ in }
    ) throws -> (files: [String: Data], summary: SiteSummary) {
        let configuration = try configuration()
        let selection = SourceSelection(locale: configuration.defaultLocale, edition: configuration.sourceEdition)
        let inputs: [CheckInput], report: CheckReport
        if let reuse, reuse.selection == selection {
            (inputs, report) = (reuse.inputs, reuse.report)
        } else {
            inputs = try TutorialReader(contentRoot: context.path("content"), defaultLocale: configuration.defaultLocale, root: context.root)
                .readForCheck([context.path("content")], selection: selection)
            report = try DriftChecker.bundled(selection: selection).check(inputs)
        }
        let tutorials = inputs.map(\.tutorial)
        let drift = DriftVerifications(
            report: report, tutorials: tutorials, defaultLocale: configuration.defaultLocale, sourceEdition: configuration.sourceEdition)
        let input = SiteInput(tutorials: tutorials, verifications: drift.verifications(), driftReport: drift.driftReport())
        let builder = SiteBuilder(templates: context.url("templates"), configuration: configuration)
        return try SitePipeline.reporting { try builder.render(input, progress: progress) }
    }

    /// Reports a failure as `error: site: …` and exits with status 1.
    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as InputFailure {
            throw failure
        } catch {
            Console.current.error("error: site: \(error)\n")
            throw InputFailure()
        }
    }
}
