import Foundation
import StepwiseTestSupport
import Testing

/// The output is the same whatever `--jobs` says: documents are read, modelled, checked and rendered
/// in parallel, and gathered in input order. Each run is a process of its own: the worker count is
/// the process's, and an in-process run's `--jobs` would hold for the tests running beside it too.
@Suite(.serialized) struct ThreadDeterminismTests {
    /// `stepwise` run with `--jobs jobs` in a process of its own.
    private func run(_ arguments: [String], jobs: String) throws -> (status: Int32, output: String, error: String) {
        try #require(try Products.runStepwise(arguments + ["--jobs", jobs]), "the stepwise executable is built beside the tests")
    }

    static let sample = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/corpus-sample")

    /// A project over the bundled content and the real DocFX sample together: many documents, includes
    /// shared between them, translations in several locales.
    private func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        for item in ["content", "templates", "stepwise.yml"] {
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent(item), to: directory.url.appendingPathComponent(item))
        }
        for locale in ["fr-fr", "es-es"] {
            let from = Self.sample.appendingPathComponent("content/\(locale)")
            for file in try FileManager.default.subpathsOfDirectory(atPath: from.path) where file.hasSuffix(".md") {
                let target = directory.url.appendingPathComponent("content/\(locale)/\(file)")
                guard !FileManager.default.fileExists(atPath: target.path) else { continue }
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: from.appendingPathComponent(file), to: target)
            }
        }
        // Pages of the drift report small enough to split it, as on a large site: its parts are rendered in parallel too.
        let configuration = directory.url.appendingPathComponent("stepwise.yml")
        try (try String(contentsOf: configuration, encoding: .utf8) + "driftReportPageSize: 5000\n").write(to: configuration, atomically: true, encoding: .utf8)
        return directory
    }

    @Test("build with 1 thread and with 4 writes byte-identical sites")
    func build() throws {
        let directory = try project()
        let site = directory.url.appendingPathComponent("generated/site")
        var sites: [[String: Data]] = []
        for jobs in ["1", "4"] {
            let result = try run(["build", "--root", directory.url.path], jobs: jobs)
            #expect(result.output.contains("site: "), "\(result.error)")
            sites.append(try SiteProject.files(in: site))
        }
        let pages = sites[0].keys.filter { $0.hasSuffix(".html") }
        #expect(pages.filter { !$0.contains("drift") }.count == 16, "5 bundled pages, 4 sample pages, the index, the 404 page, 5 translation-status pages")
        #expect(pages.filter { $0.contains("/drift/") }.count > 5, "the drift report is split into parts: \(pages.sorted())")
        #expect(sites[0] == sites[1])
        // Pages are indexed in parallel too; the index is ordered by page, whatever the order they came in.
        for locale in ["fr-fr", "es-es"] {
            let index = String(decoding: sites[0]["\(locale)/search-index.js"] ?? Data(), as: UTF8.self)
            #expect(sites[0]["\(locale)/search-index.js"] == sites[1]["\(locale)/search-index.js"])
            #expect(index.contains("\(locale); pages: ") && !index.contains("pages: 0,") && !index.contains("pages: 1,"), "\(locale): \(index.prefix(200))")
        }
    }

    @Test("check --format json and sarif print the same bytes with 1 thread and with 3")
    func check() throws {
        let directory = try project()
        for format in ["json", "sarif"] {
            let outputs = try ["1", "3"].map { jobs in
                try run(["check", "--root", directory.url.path, "--no-baseline", "--format", format, "content"], jobs: jobs).output
            }
            #expect(outputs[0].count > 10_000, "\(format): \(outputs[0].prefix(300))")
            #expect(outputs[0] == outputs[1], "\(format)")
        }
    }

    @Test("extract prints the same models with 1 thread and with 3")
    func extract() throws {
        let directory = try project()
        let outputs = try ["1", "3"].map { try run(["extract", "--root", directory.url.path, "--format", "json", "content"], jobs: $0).output }
        #expect(outputs[0].contains("\"source\""))
        #expect(outputs[0] == outputs[1])
    }

    @Test("--jobs 0 is a usage error")
    func invalid() {
        let result = runStepwise(["check", "--jobs", "0"])
        #expect(result.status == 2)
        #expect(result.error.contains("--jobs must be at least 1"))
    }
}
