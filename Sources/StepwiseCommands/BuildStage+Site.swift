import Foundation
import Site
import TutorialModel

extension BuildStage {
    /// Renders `generated/site/` from `content/` and `templates/`.
    static let site = BuildStage(name: "site") { context in
        let started = Date()
        let configuration = try siteConfiguration(context)
        let tutorials = try TutorialReader(contentRoot: context.path("content"), defaultLocale: configuration.defaultLocale)
            .read([context.path("content")])
        let input = SiteInput(tutorials: tutorials, verifications: ModelVerifications(configuration: configuration).verifications(of: tutorials))
        let progress = ProgressReporter(console: Console.current, interactive: isatty(STDOUT_FILENO) == 1)
        let builder = SiteBuilder(templates: context.url("templates"), configuration: configuration)
        let (files, summary) = try siteError { try builder.render(input, progress: progress.report) }
        try siteError { try SiteWriter(generated: context.url("generated")).write(files) }
        progress.finish()
        for warning in summary.warnings { Console.current.error("warning: \(warning)\n") }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        Console.current.output("site: \(summary.line); \(seconds)s → \(context.path("generated/site"))\n")
    }

    private static func siteConfiguration(_ context: BuildContext) throws -> SiteConfiguration {
        let file = context.url("stepwise.yml")
        guard FileManager.default.fileExists(atPath: file.path) else { return SiteConfiguration() }
        return try siteError { try SiteConfiguration.load(from: file) }
    }

    /// Reports a failure as `error: …` and exits with status 1.
    private static func siteError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            Console.current.error("error: site: \(error)\n")
            throw InputFailure()
        }
    }
}
