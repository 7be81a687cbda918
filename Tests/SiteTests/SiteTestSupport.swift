import DocFXDialect
import Foundation
import Site
import StepwiseTestSupport
import TutorialModel
import Testing

/// Builds sites for tests from documents written into a scratch content tree.
struct SiteFixture {
    let folder: TemporaryDirectory
    var configuration = SiteConfiguration(defaultLocale: "en-us")

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Writes `markdown` at `content/<path>` and returns its model.
    func tutorial(_ path: String, _ markdown: String) throws -> Tutorial {
        let url = try folder.write("content/" + path, markdown)
        let loader = DocumentLoader(workingDirectory: folder.url, defaultLocale: "en-us", contentRoot: folder.url.appendingPathComponent("content"))
        return try TutorialExtractor(loader: loader).extract(url)
    }

    /// Writes `markdown` at `content/<path>` and returns its model, whatever problems it has (an
    /// include or code that cannot be found is a placeholder on its page).
    func tutorialWithProblems(_ path: String, _ markdown: String) throws -> Tutorial {
        let url = try folder.write("content/" + path, markdown)
        let loader = DocumentLoader(workingDirectory: folder.url, defaultLocale: "en-us", contentRoot: folder.url.appendingPathComponent("content"))
        let document = try #require(loader.loadReportingProblems(url).document)
        return TutorialExtractor(loader: loader).extract(document)
    }

    /// The rendered files (path → text) of a site with the repository's templates.
    func render(
        _ tutorials: [Tutorial], report: DriftReport = DriftReport(), verifications: [SampleKey: SampleVerification] = [:],
        stableSectionIDs: [String: [Int: String]] = [:]
    ) throws -> [String: String] {
        let templates = RepositoryFiles.root.appendingPathComponent("templates")
        var input = SiteInput(tutorials: tutorials, verifications: verifications, driftReport: report)
        input.stableSectionIDs = stableSectionIDs
        let files = try SiteBuilder(templates: templates, configuration: configuration).render(input).files
        return files.mapValues { String(decoding: $0, as: UTF8.self) }
    }
}

let sampleTutorial = """
    ---
    title: Hello tutorial
    author: someone
    ms.date: 03/04/2016
    ---
    # Hello tutorial

    ## Build the app

    1. In **AppDelegate.m**, replace the `@implementation` section with the following code:

            @implementation AppDelegate
            - (void)run { NSLog(@"hi"); }
            @end

    2. See [the guide](other-doc.md#part) and [this tutorial](hello.md).
    """

/// Repository folders the site tests read.
enum StepwiseTestSupportRoot {
    static var templates: URL { RepositoryFiles.root.appendingPathComponent("templates") }
}
