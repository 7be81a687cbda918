import Foundation
import Site
import StepwiseTestSupport
import Synchronization
import Testing

/// `SiteInput.tutorialsRendered`: what a build saves of its tutorial pages alone starts once they are
/// rendered, while the pages about the whole site and the search indexes are made.
@Suite struct TutorialsRenderedTests {
    /// The files a `RecordingSink` was handed: their paths in order, where a test's closures read them.
    final class Recorded: Sendable {
        let paths = Mutex<[String]>([])
        let files = Mutex<[String: Data]>([:])
    }

    struct RecordingSink: SiteSink {
        let recorded = Recorded()

        mutating func put(_ path: String, _ data: Data) throws {
            recorded.paths.withLock { $0.append(path) }
            recorded.files.withLock { $0[path] = data }
        }
    }

    private func page(_ title: String, _ heading: String) -> String {
        """
        ---
        title: \(title)
        ms.date: 03/04/2016
        ---
        # \(title)

        ## \(heading)

        1. Ouvrez le portail et sélectionnez **Paramètres**.
        """
    }

    @Test("handed every tutorial page's document once all are written, before any page about the whole site or search index; the site is the same with it")
    func handedBeforeSitePages() throws {
        let fixture = try SiteFixture()
        let tutorials = [
            try fixture.tutorial("fr-fr/articles/app.md", page("Créer une application", "Configurer le service")),
            try fixture.tutorial("fr-fr/articles/hub.md", page("Configurer un hub", "Envoyer une notification")),
            try fixture.tutorial("en-us/articles/app.md", page("Build an app", "Configure the service")),
        ]
        let builder = SiteBuilder(templates: StepwiseTestSupportRoot.templates, configuration: fixture.configuration)
        var input = SiteInput(tutorials: tutorials, verifications: [SampleKey: SampleVerification]())
        let plain = try builder.render(input)
        var sink = RecordingSink()
        let handed = Mutex<[(written: Set<String>, pathsSoFar: [String])]>([])
        let recorded = sink.recorded
        input.tutorialsRendered = { written in
            let soFar = recorded.paths.withLock { $0 }
            handed.withLock { $0.append((written, soFar)) }
        }
        let summary = try builder.render(input, into: &sink)
        let calls = handed.withLock { $0 }
        try #require(calls.count == 1, "handed once")
        #expect(calls[0].written == Set(summary.tutorialPages.keys))
        #expect(calls[0].written == Set(tutorials.map(\.source)))
        let pages = Set(summary.tutorialPages.values.map(\.page))
        #expect(pages.count == 3 && pages.isSubset(of: Set(calls[0].pathsSoFar)), "every tutorial page written before")
        let after = recorded.paths.withLock { $0 }.dropFirst(calls[0].pathsSoFar.count)
        for sitePage in ["index.html", "drift-report.html", "sitemap.xml", "fr-fr/search-index.js"] {
            #expect(!calls[0].pathsSoFar.contains(sitePage) && after.contains(sitePage), "\(sitePage) written after")
        }
        #expect(recorded.files.withLock { $0 } == plain.files, "the same site")
    }
}
