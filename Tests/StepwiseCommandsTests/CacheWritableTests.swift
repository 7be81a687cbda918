import Foundation
import Localization
import Site
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseWorkspace
import Testing
import TutorialModel

/// The types written to the cache's bytes directly (`CacheWritable`) write exactly what their
/// `Encodable` conformances write through `CacheEncoder`: byte for byte, on every finding, link and
/// diagnostic of a real check, on a whole report and a stored share, and on crafted values with each
/// optional present and absent.
@Suite struct CacheWritableTests {
    /// `value`'s bytes written directly equal its bytes written through its conformance alone.
    private func expectSameBytes(_ value: some Encodable, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let direct = try CacheEncoder.encode(value)
        let conformance = try CacheEncoder.encode(value, direct: false)
        #expect(direct == conformance, sourceLocation: sourceLocation)
    }

    @Test("every finding, document's links and diagnostic of the bundled tutorials' check, and the whole report, are written as their conformances write them")
    func realValues() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let workspace = setup.loader.load([setup.project.content.path])
        let report = try WorkspaceCheck(workspace: workspace).run()
        #expect(report.findings.count > 50 && report.links.count > 5 && workspace.diagnostics.count > 3)
        #expect(report.findings.contains { $0.diff != nil } && report.findings.contains { $0.source != nil } && report.findings.contains { $0.document == nil })
        #expect(report.links.contains { $0.links.contains { $0.origin.include != nil } })
        for finding in report.findings { try expectSameBytes(finding) }
        for links in report.links { try expectSameBytes(links) }
        for diagnostic in workspace.diagnostics { try expectSameBytes(diagnostic) }
        var marked = report.findings
        for index in marked.indices where index % 2 == 0 {
            marked[index].fingerprint = "fingerprint-\(index)"
            marked[index].baseline = index % 4 == 0 ? .new : .known
        }
        try expectSameBytes(marked)
        try expectSameBytes(report)
        try expectSameBytes(report.withoutAlignments)
        // What a stored share is: its bytes are those of the report part, written directly.
        let outcome = try setup.cache.check(setup.paths, loader: setup.loader)
        for entry in outcome.shares {
            let part = try #require(entry.part)
            #expect(entry.share.bytes == (try CacheEncoder.encode(part, direct: false)))
        }
        try expectSameBytes(outcome.shares)
        // The cache's records as the run stored them: its index, and its entries as a bucket.
        let stored = try #require(setup.cache.load())
        #expect(!stored.index.files.isEmpty && !stored.index.absent.isEmpty && stored.entries.values.contains { $0.header?.assetID != nil })
        // The index writes its paths in the order they iterate (`entry(_:unordered:)`): read back, it
        // is the same value, which the conformance writes (in ascending order) with the same bytes.
        let index = try CacheEncoder.encode(stored.index)
        let read = try index.withUnsafeBytes { try CacheDecoder.decode(CheckCache.Index.self, from: $0) }
        #expect(try CacheEncoder.encode(read, direct: false) == (try CacheEncoder.encode(stored.index, direct: false)))
        #expect(read.files.count == stored.index.files.count && read.absent == stored.index.absent)
        try expectSameBytes(CheckCache.Bucket(key: stored.index.key, generation: "g", entries: stored.entries))
        try expectSameBytes(CheckCache.Header(assetID: nil))
    }

    @Test("every page a build of the bundled content stored in the site cache, and each bucket of them, is written as its conformance writes it")
    func sitePages() throws {
        let project = try SiteProject()
        let built = project.build()
        #expect(built.status == 0, "\(built.error)")
        let folder = project.folder.url.appendingPathComponent(".stepwise/cache/site")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("pages-") }
        let buckets = try files.map { try #require(CacheFile.read(SiteCache.Bucket.self, from: folder.appendingPathComponent($0))) }
        let pages = buckets.flatMap(\.pages.values)
        #expect(files.count == SiteCache.buckets && pages.count >= 5)
        #expect(pages.contains { $0.search != nil } && pages.contains { !$0.diagnostics.isEmpty } && pages.contains { $0.description != nil })
        for page in pages {
            try expectSameBytes(page)
            try expectSameBytes(page.row)
        }
        for bucket in buckets where !bucket.pages.isEmpty { try expectSameBytes(bucket) }
        // Every optional absent, text outside ASCII.
        var bare = try #require(pages.first)
        (bare.headerTitle, bare.description, bare.search, bare.searchFingerprint, bare.title) = (nil, nil, nil, nil, "Créer « ici »")
        (bare.diagnostics, bare.media, bare.samples) = ([], [], [:])
        try expectSameBytes(bare)
        try expectSameBytes(SiteCache.Bucket(key: "k", plan: "p", pages: ["b.md": bare, "a.md": try #require(pages.last)]))
    }

    @Test("crafted values with every optional present and absent, notes or none, text outside ASCII")
    func craftedValues() throws {
        let location = StepwiseDiagnostics.SourceLocation(path: "fr-fr/é.md", line: 3, column: 2)
        let diagnostics = [
            Diagnostic(id: "include-cycle", severity: .error, location: location, summary: "cycle « ici »", fix: "remove it",
                       notes: [DiagnosticNote(location: location, message: "here"), DiagnosticNote(location: nil, message: "no place")]),
            Diagnostic(id: "x", severity: .note, location: nil, summary: "", fix: nil, notes: []),
        ]
        for diagnostic in diagnostics { try expectSameBytes(diagnostic) }
        try expectSameBytes(diagnostics)
        let stamps = [FileStamp(size: 10, modified: 1_700_000_000_000_000_000, hash: "ab", assetID: "id", racy: true),
                      FileStamp(size: 0, modified: -1, hash: "", assetID: nil, racy: nil), FileStamp(size: 1, modified: 2, hash: "h", assetID: nil, racy: false)]
        for stamp in stamps { try expectSameBytes(stamp) }
        try expectSameBytes(["b.md": stamps[0], "a.md": stamps[1]])
        let origin = Origin(path: "a.md", line: 4, include: "includes/b.md")
        let links = DocumentLinks(document: "fr-fr/a.md", locale: "fr-fr", edition: "current", tutorialPath: "a", anchors: ["x", "é"],
                                  links: [LinkReference(destination: "b.md#x", origin: origin, column: 3),
                                          LinkReference(destination: "", origin: Origin(path: "a.md", line: 1, include: nil), column: 1)])
        try expectSameBytes(links)
        try expectSameBytes(DocumentLinks(document: "d", locale: "", edition: "", tutorialPath: "", anchors: [], links: []))
        var finding = Finding(rule: FindingRule(id: "code-drift", severity: .warning, summary: ""), path: "a.md", line: 1, message: "m", locale: "fr-fr",
                              source: Finding.SourcePointer(path: "en-us/a.md", line: 9), fix: "let x = 1",
                              diff: [TokenChange(source: "a", translation: "", sourceLine: 2, translationLine: 3)])
        finding.document = "fr-fr/a.md"
        finding.fingerprint = "f"
        finding.baseline = .known
        try expectSameBytes(finding)
        try expectSameBytes(Finding(rule: FindingRule(id: "r", severity: .note, summary: ""), path: "p", line: 0, column: 0, message: "", locale: ""))
        try expectSameBytes(Set(["a", "b", "c", "é"]))
        // A report part with what the bundled check has none of: fixed baseline entries (of a document
        // and of a file alone), suppressions, staleness.
        var part = CheckReport(findings: [finding], alignments: [], staleness: ["fr-fr/a.md": SentenceStaleness.Counts(sentences: 4, current: 1, changed: 2, removed: 0, untranslated: 1)],
                               documents: 1, files: 2)
        var alone = Finding(rule: FindingRule(id: "text-corrupt", severity: .error, summary: ""), path: "fr-fr/b.md", line: 1, message: "", locale: "fr-fr")
        alone.fingerprint = "g"
        part.fixed = Baseline(findings: [finding, alone]).findings
        #expect(part.fixed.count == 2 && part.fixed.contains { $0.document == nil } && part.fixed.contains { $0.document != nil })
        part.suppressions.byDocument = ["fr-fr/a.md": 2]
        part.suppressions.byFile = ["fr-fr/includes/c.md": 1]
        part.checkedFiles = ["fr-fr/a.md", "fr-fr/includes/c.md"]
        part.checkedDocuments = ["fr-fr/a.md"]
        part.lintedFiles = ["fr-fr/a.md"]
        part.sources = ["fr-fr/a.md": "en-us/a.md"]
        part.links = [links]
        part.summary.known = 3
        part.summary.fixed = 2
        part.summary.suppressed = 3
        try expectSameBytes(part)
        try expectSameBytes(["k": 1, "l": -2])
        // The link cache writes its documents in the order they iterate: read back, the same records.
        let records = try (0..<40).map { index in
            try CachedValue(LinkCache.Record(dependencyKey: "d\(index)", anchors: "a", targets: ["t\(index)"], findings: index == 0 ? [finding] : []))
        }
        let stored = LinkCache.Stored(key: "k", documents: Dictionary(uniqueKeysWithValues: records.enumerated().map { ("fr-fr/\($0.offset).md", $0.element) }))
        let bytes = try CacheEncoder.encode(stored)
        let read = try bytes.withUnsafeBytes { try CacheDecoder.decode(LinkCache.Stored.self, from: $0) }
        #expect(read.key == "k" && read.version == LinkCache.Stored.version)
        #expect(read.documents.mapValues(\.bytes) == stored.documents.mapValues(\.bytes))
        #expect(bytes.count == (try CacheEncoder.encode(stored, direct: false)).count)
    }
}
