public import Foundation
public import TutorialModel

/// Everything a site build reads besides the templates.
public struct SiteInput: Sendable {
    public var tutorials: [Tutorial]
    public var verifications: any SampleVerificationProvider
    public var driftReport: DriftReport

    public init(tutorials: [Tutorial], verifications: any SampleVerificationProvider, driftReport: DriftReport = DriftReport()) {
        self.tutorials = tutorials
        self.verifications = verifications
        self.driftReport = driftReport
    }
}

/// Builds the HTML site: tutorial pages per locale and edition, landing page, drift report, sitemap.
public struct SiteBuilder {
    public var templates: URL
    public var configuration: SiteConfiguration

    public init(templates: URL, configuration: SiteConfiguration) {
        self.templates = templates
        self.configuration = configuration
    }

    /// The site's files (path relative to the site root → bytes) and a summary.
    public func render(_ input: SiteInput, progress: (SiteProgress) -> Void = { _ in }) throws -> (files: [String: Data], summary: SiteSummary) {
        let plan = SitePlan(tutorials: input.tutorials, configuration: configuration)
        let renderer = try SiteRenderer(directory: templates)
        let interface = try InterfaceStrings.load(from: templates.appendingPathComponent("strings"), fallbackLocale: configuration.defaultLocale)
        var files = try assets()
        var summary = SiteSummary()
        summary.locales = plan.locales.count
        let total = plan.tutorials.count + 3
        for (index, tutorial) in plan.tutorials.enumerated() {
            let (strings, warnings) = interface.table(for: tutorial.locale)
            summary.warnings += warnings.filter { !summary.warnings.contains($0) }
            let builder = TutorialPageBuilder(plan: plan, interface: interface, strings: strings, verifications: input.verifications)
            let path = plan.path(of: tutorial)
            files[path] = try renderer.render(builder.page(for: tutorial), template: "tutorial")
            count(tutorial, input.verifications, into: &summary)
            progress(SiteProgress(done: index + 1, total: total, page: path))
        }
        let strings = interface.table(for: configuration.defaultLocale).strings
        let landing = LandingPageBuilder(plan: plan, interface: interface, strings: strings)
        files["index.html"] = try renderer.render(landing.landing(), template: "index")
        progress(SiteProgress(done: total - 2, total: total, page: "index.html"))
        let reportChrome = landing.chrome(title: strings["driftReport"] ?? "Drift report", path: "drift-report.html")
        let report = DriftReportPageBuilder(plan: plan, interface: interface, strings: strings, chrome: reportChrome).page(for: input.driftReport)
        files["drift-report.html"] = try renderer.render(report, template: "drift-report")
        progress(SiteProgress(done: total - 1, total: total, page: "drift-report.html"))
        files["sitemap.xml"] = try renderer.render(landing.sitemap(), template: "sitemap")
        progress(SiteProgress(done: total, total: total, page: "sitemap.xml"))
        summary.pages = files.keys.filter { $0.hasSuffix(".html") }.count
        return (files, summary)
    }

    /// The files of `templates/assets/`, copied to `assets/`.
    private func assets() throws -> [String: Data] {
        let folder = templates.appendingPathComponent("assets", isDirectory: true)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        var files: [String: Data] = [:]
        for name in names { files["assets/" + name] = try Data(contentsOf: folder.appendingPathComponent(name)) }
        return files
    }

    private func count(_ tutorial: Tutorial, _ verifications: any SampleVerificationProvider, into summary: inout SiteSummary) {
        for index in tutorial.allCode.indices {
            let status = verifications.verification(for: SampleKey(source: tutorial.source, index: index))?.status ?? .unverified
            summary.samples[status, default: 0] += 1
        }
    }
}
