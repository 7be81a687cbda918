import Foundation
import Localization
import Site
@testable import StepwiseCommands
import StepwiseDiagnostics
import StepwiseWorkspace
import Testing
import TutorialModel

/// The types read from the cache's bytes directly (`CacheReadable`) read what their synthesized
/// `Decodable` conformances read: every finding and every document's links of a real check come back
/// equal, and crafted objects — optional keys missing or null, unknown keys, required keys missing,
/// values of another kind, cut bytes — are read or refused as the conformance reads or refuses them.
@Suite struct CacheReadableTests {
    /// `value` through the cache's binary form and back.
    private func roundTrip<T: Codable>(_ value: T) throws -> T {
        let bytes = try CacheEncoder.encode(value)
        return try bytes.withUnsafeBytes { try CacheDecoder.decode(T.self, from: $0) }
    }

    /// `value` read by `T`'s `Decodable` conformance from the cache's form of it.
    private func decodable<T: Decodable>(_ type: T.Type, _ value: CacheValue) throws -> T {
        try value.bytes.withUnsafeBytes { try T(from: CacheDecoder.Decoding(bytes: $0, offset: 0, codingPath: [])) }
    }

    /// `value` read by `T`'s `CacheReadable` conformance.
    private func readable<T: CacheReadable>(_ type: T.Type, _ value: CacheValue) throws -> T {
        try value.bytes.withUnsafeBytes { bytes in
            var reader = CacheByteReader(bytes)
            let read = try T(cache: &reader)
            #expect(reader.offset == bytes.count, "the whole value is read")
            return read
        }
    }

    @Test("every finding and every document's links of the bundled tutorials' check come back equal")
    func realValues() throws {
        let setup = try CheckCacheBatchTests.Setup()
        // Checked without the cache, so that the values compared were never read from its bytes.
        let report = try WorkspaceCheck(workspace: setup.loader.load([setup.project.content.path])).run()
        #expect(report.findings.count > 50 && report.links.count > 5)
        #expect(report.findings.contains { $0.diff != nil } && report.findings.contains { $0.source != nil } && report.findings.contains { $0.document == nil })
        #expect(report.links.contains { $0.links.contains { $0.origin.include != nil } })
        #expect(try roundTrip(report.findings) == report.findings)
        #expect(try roundTrip(report.links) == report.links)
        var marked = report.findings
        for index in marked.indices where index % 2 == 0 {
            marked[index].fingerprint = "fingerprint-\(index)"
            marked[index].baseline = .new
        }
        #expect(try roundTrip(marked) == marked)
        let whole = try roundTrip(report)
        #expect(whole.findings == report.findings && whole.links == report.links, "a whole report, its findings and links read directly")
    }

    @Test("a share's links, whole or without each document's links, and a severity read as their Decodable conformances read them")
    func shareLinksAndSeverity() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let report = try WorkspaceCheck(workspace: setup.loader.load([setup.project.content.path])).run()
        let share = try CacheEncoder.encode(report).withUnsafeBytes { try CacheValue(bytes: $0) }
        let (links, linksDecoded) = (try readable(CheckCache.Outcome.Links.self, share).links, try decodable(CheckCache.Outcome.Links.self, share).links)
        #expect(links == report.links && links == linksDecoded)
        let anchors = try readable(CheckCache.Outcome.AnchorsOnly.self, share).links.map(\.links)
        let anchorsDecoded = try decodable(CheckCache.Outcome.AnchorsOnly.self, share).links.map(\.links)
        #expect(anchors == anchorsDecoded)
        #expect(anchors.map(\.document) == report.links.map(\.document) && anchors.map(\.anchors) == report.links.map(\.anchors))
        #expect(anchors.allSatisfy(\.links.isEmpty) && report.links.contains { !$0.links.isEmpty })
        for name in ["note", "warning", "error"] {
            let (read, decoded) = (try readable(Severity.self, .string(name)), try decodable(Severity.self, .string(name)))
            #expect(read == decoded && read.rawValue == name)
        }
        for value in [CacheValue.string("Error"), .string("fatal"), .string("warnings"), .int(1)] {
            #expect(throws: DecodingError.self) { try readable(Severity.self, value) }
            #expect(throws: DecodingError.self) { try decodable(Severity.self, value) }
        }
    }

    @Test("a drift row and the link cache's file read as their Decodable conformances read them; a required key missing is refused by both")
    func driftRowAndLinkRecords() throws {
        let row = CacheValue.object([
            ("document", .string("fr-fr/a.md")), ("tutorialPath", .string("a.md")), ("locale", .string("fr-fr")), ("edition", .string("current")),
            ("files", .array([.string("fr-fr/a.md"), .string("fr-fr/includes/i.md")])), ("unknown", .int(3)),
        ])
        let read = try readable(DriftRow.self, row)
        #expect(read == (try decodable(DriftRow.self, row)))
        #expect(read.files == ["fr-fr/a.md", "fr-fr/includes/i.md"] && read.edition == "current")
        let rowWithoutFiles = CacheValue.object([("document", .string("a")), ("tutorialPath", .string("a")), ("locale", .string("x")), ("edition", .string("y"))])
        #expect(throws: DecodingError.self) { try readable(DriftRow.self, rowWithoutFiles) }
        #expect(throws: DecodingError.self) { try decodable(DriftRow.self, rowWithoutFiles) }

        let record = LinkCache.Record(dependencyKey: "k", anchors: "a\tb", targets: ["fr-fr/b.md"], findings: [])
        let stored = LinkCache.Stored(key: "run", documents: ["fr-fr/a.md": try CachedValue(record), "fr-fr/c.md": try CachedValue(record)])
        let bytes = try CacheEncoder.encode(stored)
        let value = try bytes.withUnsafeBytes { try CacheValue(bytes: $0) }
        let (fast, slow) = (try readable(LinkCache.Stored.self, value), try decodable(LinkCache.Stored.self, value))
        #expect(fast.version == slow.version && fast.key == slow.key && fast.key == "run")
        #expect(fast.documents.mapValues(\.bytes) == slow.documents.mapValues(\.bytes) && fast.documents.count == 2)
        #expect(fast.documents["fr-fr/a.md"]?.value?.targets == ["fr-fr/b.md"])
        guard case .object(let fields) = value else { Issue.record("a stored file is an object"); return }
        let withoutVersion = CacheValue.object(fields.filter { $0.0 != "version" })
        #expect(throws: DecodingError.self) { try readable(LinkCache.Stored.self, withoutVersion) }
        #expect(throws: DecodingError.self) { try decodable(LinkCache.Stored.self, withoutVersion) }
    }

    @Test("optional keys missing or null read as nil, unknown keys are skipped; each as the Decodable conformance reads them")
    func craftedObjects() throws {
        let origin = CacheValue.object([("path", .string("a.md")), ("line", .int(3))])
        let withNull = CacheValue.object([("include", .null), ("unknown", .array([.int(1)])), ("line", .int(3)), ("path", .string("a.md"))])
        for value in [origin, withNull] {
            #expect(try readable(Origin.self, value) == decodable(Origin.self, value))
            #expect(try readable(Origin.self, value) == Origin(path: "a.md", line: 3))
        }
        let link = CacheValue.object([
            ("destination", .string("b.md#x")), ("origin", .object([("path", .string("a.md")), ("line", .int(4)), ("include", .string("inc"))])),
            ("column", .int(7)),
        ])
        #expect(try readable(LinkReference.self, link) == decodable(LinkReference.self, link))
        let finding = CacheValue.object([
            ("rule", .string("sample-drift")), ("severity", .string("warning")), ("path", .string("a.md")), ("line", .int(2)),
            ("column", .int(1)), ("message", .string("drifted")), ("locale", .string("fr-fr")), ("document", .null),
            ("source", .object([("path", .string("s.md")), ("line", .int(9))])), ("fingerprint", .string("f")), ("baseline", .string("new")),
        ])
        let read = try readable(Finding.self, finding)
        #expect(read == (try decodable(Finding.self, finding)))
        #expect(read.source?.line == 9 && read.document == nil && read.fix == nil && read.baseline == .new)
    }

    @Test("a baseline and its entries read as their Decodable conformances read them: a document missing, null or named, unknown keys skipped, a required key missing refused")
    func baselines() throws {
        let entry = { (document: CacheValue?) -> CacheValue in
            .object([("rule", .string("code-missing")), ("path", .string("a.md")), ("fingerprint", .string("f")), ("line", .int(4)),
                     ("message", .string("« m »"))] + (document.map { [("document", $0)] } ?? []) + [("unknown", .int(1))])
        }
        let entries = [entry(nil), entry(.null), entry(.string("fr-fr/a.md"))]
        for value in entries {
            #expect(try readable(Baseline.Entry.self, value) == decodable(Baseline.Entry.self, value))
        }
        #expect(try readable(Baseline.Entry.self, entries[2]).document == "fr-fr/a.md")
        let baseline = CacheValue.object([("findings", .array(entries)), ("schema", .string(Baseline.schema))])
        #expect(try readable(Baseline.self, baseline) == decodable(Baseline.self, baseline))
        #expect(try readable(Baseline.self, baseline).findings.count == 3)
        for refused in [CacheValue.object([("findings", .array(entries))]), .object([("schema", .string("s")), ("findings", .array([.object([("rule", .string("r"))])]))])] {
            #expect(throws: (any Error).self) { try decodable(Baseline.self, refused) }
            #expect(throws: (any Error).self) { try readable(Baseline.self, refused) }
        }
        let real = BaselineFileTests.baseline(["a", "b", "c", "d"])
        #expect(try roundTrip(real) == real)
    }

    @Test("a required key missing, a value of another kind or cut bytes are refused, as the Decodable conformance refuses them")
    func refused() throws {
        let noLine = CacheValue.object([("path", .string("a.md"))])
        let textLine = CacheValue.object([("path", .string("a.md")), ("line", .string("3"))])
        let notObject = CacheValue.array([.string("a.md"), .int(3)])
        for value in [noLine, textLine, notObject] {
            #expect(throws: (any Error).self) { try decodable(Origin.self, value) }
            #expect(throws: (any Error).self) { try readable(Origin.self, value) }
        }
        let links = DocumentLinks(
            document: "a.md", locale: "fr-fr", edition: "current", tutorialPath: "a.md", anchors: ["x"],
            links: [LinkReference(destination: "b.md", origin: Origin(path: "a.md", line: 1), column: 2)])
        let bytes = try CacheEncoder.encode([links])
        for cut in 1..<bytes.count {
            #expect(throws: (any Error).self) { try Array(bytes.prefix(cut)).withUnsafeBytes { try CacheDecoder.decode([DocumentLinks].self, from: $0) } }
        }
    }

    @Test("every stored share's entry and every diagnostic of the bundled tutorials' check come back equal")
    func realEntriesAndDiagnostics() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let outcome = try setup.cache.check(setup.paths, loader: setup.loader)
        let diagnostics = setup.loader.load([setup.project.content.path]).diagnostics
        #expect(outcome.shares.count > 5 && diagnostics.count > 3)
        #expect(diagnostics.contains { $0.fix != nil } && diagnostics.contains { $0.location != nil })
        #expect(try roundTrip(diagnostics) == diagnostics)
        let entries = try roundTrip(outcome.shares)
        #expect(entries.count == outcome.shares.count)
        for (read, entry) in zip(entries, outcome.shares) {
            #expect(read.dependencies == entry.dependencies && read.dependencyKey == entry.dependencyKey && read.share.bytes == entry.share.bytes)
            #expect(read.fingerprint == entry.fingerprint && read.header?.assetID == entry.header?.assetID && (read.header == nil) == (entry.header == nil))
            #expect(read.part == nil, "the share stays bytes until asked for")
        }
        #expect(outcome.shares.contains { !$0.dependencies.paths.isEmpty && $0.header?.assetID != nil })
    }

    @Test("a diagnostic, its notes and a file stamp read as their Decodable conformances read them, optional keys missing, null or unknown")
    func craftedDiagnostics() throws {
        let location = CacheValue.object([("path", .string("a.md")), ("line", .int(3)), ("column", .int(2))])
        let full = CacheValue.object([
            ("id", .string("include-cycle")), ("severity", .string("error")), ("location", location), ("summary", .string("cycle")),
            ("fix", .string("remove it")), ("notes", .array([.object([("location", location), ("message", .string("here"))]), .object([("message", .string("no place"))])])),
        ])
        let bare = CacheValue.object([("summary", .string("s")), ("unknown", .int(1)), ("severity", .string("note")), ("id", .string("x"))])
        let nulls = CacheValue.object([("id", .string("x")), ("severity", .string("warning")), ("location", .null), ("summary", .string("s")),
                                       ("fix", .null), ("notes", .null)])
        for value in [full, bare, nulls] {
            #expect(try readable(Diagnostic.self, value) == decodable(Diagnostic.self, value))
        }
        #expect(try readable(Diagnostic.self, full).notes.map(\.location?.line) == [3, nil])
        #expect(try readable(Diagnostic.self, nulls).notes.isEmpty)
        let noSummary = CacheValue.object([("id", .string("x")), ("severity", .string("note"))])
        let badSeverity = CacheValue.object([("id", .string("x")), ("severity", .string("fatal")), ("summary", .string("s"))])
        let noColumn = CacheValue.object([("id", .string("x")), ("severity", .string("note")), ("summary", .string("s")),
                                          ("location", .object([("path", .string("a.md")), ("line", .int(3))]))])
        for value in [noSummary, badSeverity, noColumn] {
            #expect(throws: (any Error).self) { try decodable(Diagnostic.self, value) }
            #expect(throws: (any Error).self) { try readable(Diagnostic.self, value) }
        }
        let stamps = [
            CacheValue.object([("size", .int(10)), ("modified", .int(1_700_000_000_000_000_000)), ("hash", .string("ab")), ("assetID", .string("id")),
                               ("racy", .bool(true))]),
            CacheValue.object([("hash", .string("")), ("modified", .int(-1)), ("size", .int(0)), ("assetID", .null)]),
        ]
        for value in stamps { #expect(try readable(FileStamp.self, value) == decodable(FileStamp.self, value)) }
        #expect(throws: (any Error).self) { try readable(FileStamp.self, .object([("size", .int(1)), ("modified", .int(2))])) }
    }

    @Test("the check cache's index reads as its Decodable conformance reads it: an unknown key skipped, a missing key refused")
    func checkCacheIndex() throws {
        let stamp = CacheValue.object([("size", .int(10)), ("modified", .int(7)), ("hash", .string("ab-1")), ("assetID", .null)])
        func index(_ fields: [(String, CacheValue)]) -> CacheValue {
            .object([("version", .int(10)), ("key", .string("k")), ("documents", .array([.string("/c/a.md"), .string("/c/b.md")])), ("assets", .string("as")),
                     ("files", .object([("/c/a.md", stamp), ("/c/é.md", stamp)])), ("absent", .array([.string("/c/x.png"), .string("/c/y.png")])),
                     ("generations", .array([.string("g"), .string("")]))] + fields)
        }
        for value in [index([]), index([("unknown", .int(1))])] {
            let (read, decoded) = (try readable(CheckCache.Index.self, value), try decodable(CheckCache.Index.self, value))
            #expect(read.version == decoded.version && read.key == decoded.key && read.documents == decoded.documents && read.assets == decoded.assets)
            #expect(read.files == decoded.files && read.absent == decoded.absent && read.generations == decoded.generations)
            #expect(read.files.count == 2 && read.absent == ["/c/x.png", "/c/y.png"])
        }
        guard case .object(let fields) = index([]) else { return }
        for missing in fields.map(\.0) {
            let value = CacheValue.object(fields.filter { $0.0 != missing })
            #expect(throws: (any Error).self) { try decodable(CheckCache.Index.self, value) }
            #expect(throws: (any Error).self) { try readable(CheckCache.Index.self, value) }
        }
    }

    @Test("the check cache's buckets, their entries' headers and shares read as their Decodable conformances read them")
    func checkCacheBuckets() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let outcome = try setup.cache.check(setup.paths, loader: setup.loader)
        var entries = Dictionary(uniqueKeysWithValues: outcome.shares.enumerated().map { ("/c/\($0.offset).md", $0.element) })
        entries["/c/0.md"]?.header = nil
        #expect(entries.count > 5 && entries.values.contains { $0.header?.assetID != nil } && entries.values.contains { $0.header == nil })
        let bucket = CheckCache.Bucket(key: "k", generation: "g", entries: entries)
        let value = try CacheEncoder.encode(bucket).withUnsafeBytes { try CacheValue(bytes: $0) }
        let (read, decoded) = (try readable(CheckCache.Bucket.self, value), try decodable(CheckCache.Bucket.self, value))
        #expect(read.version == decoded.version && read.key == decoded.key && read.generation == decoded.generation)
        #expect(read.entries.count == entries.count && Set(read.entries.keys) == Set(decoded.entries.keys))
        for (path, entry) in read.entries {
            let other = try #require(decoded.entries[path])
            #expect(entry.share.bytes == other.share.bytes && entry.share.bytes == entries[path]?.share.bytes)
            #expect(entry.dependencies == other.dependencies && entry.dependencyKey == other.dependencyKey && entry.fingerprint == other.fingerprint)
            #expect(entry.header?.assetID == other.header?.assetID && (entry.header == nil) == (other.header == nil))
        }
        // A header: its one optional key present, null, missing, beside an unknown key.
        for header in [CacheValue.object([("assetID", .string("a-1"))]), .object([("assetID", .null)]), .object([]), .object([("x", .int(1)), ("assetID", .string("b"))])] {
            #expect(try readable(CheckCache.Header.self, header).assetID == decodable(CheckCache.Header.self, header).assetID)
        }
        guard case .object(let fields) = value else { return }
        for missing in fields.map(\.0) {
            let cut = CacheValue.object(fields.filter { $0.0 != missing })
            #expect(throws: (any Error).self) { try decodable(CheckCache.Bucket.self, cut) }
            #expect(throws: (any Error).self) { try readable(CheckCache.Bucket.self, cut) }
        }
    }

    @Test("a site page's entry comes back equal, with every optional present or absent")
    func sitePages() throws {
        let diagnostic = Diagnostic(id: "image-missing", severity: .warning, location: SourceLocation(path: "fr-fr/a.md", line: 4, column: 1), summary: "gone",
                                    fix: "add it", notes: [DiagnosticNote(location: nil, message: "n")])
        let tutorial = try #require(SampleModels.all.first)
        let row = DriftRow(tutorial)
        let search = try CachedValue(SearchDocument(tutorial: tutorial, page: "fr-fr/a.html", tokenizer: SearchTokenizer(locale: "fr-fr")))
        let full = SiteCache.Page(
            page: "fr-fr/a.html", dependencyKey: "k", samples: ["identical": 2, "drifted": 1], stamp: FileStamp(size: 3, modified: 4, hash: "h", assetID: "x", racy: true),
            title: "A", headerTitle: "Header", description: "About A", row: row, media: ["media/a.png"], diagnostics: [diagnostic],
            search: search, searchFingerprint: "f")
        var bare = full
        (bare.headerTitle, bare.description, bare.search, bare.searchFingerprint, bare.samples, bare.media, bare.diagnostics) = (nil, nil, nil, nil, [:], [], [])
        for page in [full, bare] {
            let read = try roundTrip(["fr-fr/a.md": page])["fr-fr/a.md"]
            #expect(read.map { [$0.page, $0.dependencyKey, $0.title, $0.headerTitle, $0.description, $0.searchFingerprint] }
                    == [page.page, page.dependencyKey, page.title, page.headerTitle, page.description, page.searchFingerprint])
            #expect(read?.samples == page.samples && read?.stamp == page.stamp && read?.row == page.row && read?.media == page.media)
            #expect(read?.diagnostics == page.diagnostics && read?.search?.bytes == page.search?.bytes)
        }
        // A bucket of them, read directly and through the Decodable conformance.
        let value = try CacheEncoder.encode(SiteCache.Bucket(key: "k", plan: "p", pages: ["fr-fr/a.md": full, "fr-fr/b.md": bare])).withUnsafeBytes { try CacheValue(bytes: $0) }
        let (read, decoded) = (try readable(SiteCache.Bucket.self, value), try decodable(SiteCache.Bucket.self, value))
        #expect(read.version == decoded.version && read.key == "k" && decoded.key == "k" && read.plan == "p" && decoded.plan == "p")
        #expect(read.pages.mapValues(\.page) == decoded.pages.mapValues(\.page) && read.pages.count == 2)
        #expect(read.pages["fr-fr/a.md"]?.search?.bytes == full.search?.bytes && decoded.pages["fr-fr/a.md"]?.search?.bytes == full.search?.bytes)
        #expect(read.pages["fr-fr/b.md"]?.search == nil && read.pages["fr-fr/a.md"]?.diagnostics == full.diagnostics)
    }

    @Test("a whole report and its summary, with its alignments or without (as shares are stored), read as the Decodable conformance reads them")
    func reports() throws {
        let setup = try CheckCacheBatchTests.Setup()
        var report = try WorkspaceCheck(workspace: setup.loader.load([setup.project.content.path])).run()
        report.suppressions.byFile = ["a.md": 2]
        var fingerprinted = Array(report.findings.prefix(2))
        for index in fingerprinted.indices { fingerprinted[index].fingerprint = "f\(index)" }
        report.fixed = Baseline(findings: fingerprinted).findings
        #expect(report.fixed.count == 2)
        #expect(!report.alignments.isEmpty && !report.staleness.isEmpty && !report.sources.isEmpty && !report.sampleCounts.isEmpty)
        for value in [report, report.withoutAlignments] {
            let bytes = try CacheEncoder.encode(value)
            let (read, decoded) = try bytes.withUnsafeBytes { buffer in
                var reader = CacheByteReader(buffer)
                let read = try CheckReport(cache: &reader)
                #expect(reader.offset == buffer.count, "the whole value is read")
                return (read, try CheckReport(from: CacheDecoder.Decoding(bytes: buffer, offset: 0, codingPath: [])))
            }
            #expect(read.schema == decoded.schema && read.findings == decoded.findings && read.links == decoded.links)
            #expect(read.alignments == decoded.alignments && read.alignments.count == value.alignments.count)
            #expect(read.sources == decoded.sources && read.staleness == decoded.staleness && read.summary == decoded.summary)
            #expect(read.fixed == decoded.fixed && read.fixed == value.fixed && read.suppressions == decoded.suppressions)
            #expect(read.checkedFiles == decoded.checkedFiles && read.checkedDocuments == decoded.checkedDocuments && read.lintedFiles == decoded.lintedFiles)
            #expect(read.sampleCounts == decoded.sampleCounts && read.summary == value.summary && read.sources == value.sources)
            // Without the documents' links (a warm run's stored shares): the same report, each document's anchors kept, its links left out.
            let stored = try CachedValue(value)
            let omitting = try #require(stored.reportOmittingLinks)
            #expect(omitting.findings == read.findings && omitting.summary == read.summary && omitting.checkedFiles == read.checkedFiles)
            #expect(omitting.links == read.links.map { links in
                var anchorsOnly = links
                anchorsOnly.links = []
                return anchorsOnly
            })
            #expect(read.links.contains { !$0.links.isEmpty } && read.links.contains { !$0.anchors.isEmpty })
        }
        let summary = CacheValue.object([("documents", .int(1)), ("files", .int(2)), ("findings", .int(3)), ("bySeverity", .object([("error", .int(3))])),
                                         ("byRule", .object([])), ("byLocale", .object([("fr-fr", .int(3))])), ("samples", .object([])),
                                         ("known", .int(0)), ("fixed", .int(0)), ("suppressed", .int(1)), ("unknown", .null)])
        #expect(try readable(CheckSummary.self, summary) == decodable(CheckSummary.self, summary))
        guard case .object(let fields) = summary else { return }
        let noKnown = CacheValue.object(fields.filter { $0.key != "known" })
        #expect(throws: (any Error).self) { try decodable(CheckSummary.self, noKnown) }
        #expect(throws: (any Error).self) { try readable(CheckSummary.self, noKnown) }
    }

    @Test("a severity, a report's suppressions and a page's staleness counts read as their Decodable conformances read them, or are refused alike")
    func shareParts() throws {
        for severity in Severity.allCases {
            #expect(try readable(Severity.self, .string(severity.rawValue)) == severity)
        }
        let suppressions = CacheValue.object([("byFile", .object([("a.md", .int(2))])), ("unknown", .null), ("byDocument", .object([("b.md", .int(1)), ("c.md", .int(4))]))])
        let read = try readable(CheckReport.Suppressed.self, suppressions)
        #expect(read == (try decodable(CheckReport.Suppressed.self, suppressions)))
        #expect(read.byDocument == ["b.md": 1, "c.md": 4] && read.byFile == ["a.md": 2])
        let counts = CacheValue.object([("sentences", .int(9)), ("current", .int(5)), ("changed", .int(2)), ("removed", .int(1)), ("untranslated", .int(1)), ("new", .int(3))])
        #expect(try readable(SentenceStaleness.Counts.self, counts) == decodable(SentenceStaleness.Counts.self, counts))
        #expect(try readable(SentenceStaleness.Counts.self, counts) == SentenceStaleness.Counts(sentences: 9, current: 5, changed: 2, removed: 1, untranslated: 1))
        guard case .object(let suppressionFields) = suppressions, case .object(let countFields) = counts else { return }
        let refusedSeverities: [CacheValue] = [.string("fatal"), .string("Warning"), .int(1)]
        for value in refusedSeverities {
            #expect(throws: DecodingError.self) { try decodable(Severity.self, value) }
            #expect(throws: DecodingError.self) { try readable(Severity.self, value) }
        }
        let noFile = CacheValue.object(suppressionFields.filter { $0.key != "byFile" })
        let textCount = CacheValue.object([("byDocument", .object([("b.md", .string("1"))])), ("byFile", .object([]))])
        for value in [noFile, textCount] {
            #expect(throws: DecodingError.self) { try decodable(CheckReport.Suppressed.self, value) }
            #expect(throws: DecodingError.self) { try readable(CheckReport.Suppressed.self, value) }
        }
        let noRemoved = CacheValue.object(countFields.filter { $0.key != "removed" })
        #expect(throws: DecodingError.self) { try decodable(SentenceStaleness.Counts.self, noRemoved) }
        #expect(throws: DecodingError.self) { try readable(SentenceStaleness.Counts.self, noRemoved) }
    }

    @Test("a link cache record reads as its Decodable conformance reads it: real findings, an unknown key, a missing key refused")
    func linkRecords() throws {
        let setup = try CheckCacheBatchTests.Setup()
        let report = try WorkspaceCheck(workspace: setup.loader.load([setup.project.content.path])).run()
        let findings = Array(report.findings.prefix(5))
        #expect(findings.count == 5)
        let record = LinkCache.Record(dependencyKey: "k", anchors: "a", targets: ["x.md", "y.md"], findings: findings)
        let bytes = try CacheEncoder.encode(record)
        let read = try bytes.withUnsafeBytes { buffer in
            var reader = CacheByteReader(buffer)
            let read = try LinkCache.Record(cache: &reader)
            #expect(reader.offset == buffer.count, "the whole value is read")
            return read
        }
        #expect(read.dependencyKey == "k" && read.anchors == "a" && read.targets == ["x.md", "y.md"] && read.findings == findings)
        let finding = CacheValue.object([
            ("rule", .string("link-broken")), ("severity", .string("error")), ("path", .string("a.md")), ("line", .int(2)),
            ("column", .int(1)), ("message", .string("goes nowhere")), ("locale", .string("fr-fr")),
        ])
        let fields: [(key: String, value: CacheValue)] = [
            ("dependencyKey", .string("k")), ("anchors", .string("a")), ("targets", .array([.string("x.md")])), ("findings", .array([finding])),
        ]
        for value in [CacheValue.object(fields), .object([("later", .array([.string("?")]))] + fields.reversed())] {
            let (read, decoded) = (try readable(LinkCache.Record.self, value), try decodable(LinkCache.Record.self, value))
            #expect(read.dependencyKey == "k" && read.anchors == "a" && read.targets == ["x.md"] && read.findings.map(\.message) == ["goes nowhere"])
            #expect(read.dependencyKey == decoded.dependencyKey && read.anchors == decoded.anchors && read.targets == decoded.targets && read.findings == decoded.findings)
        }
        for missing in fields.map(\.key) {
            let cut = CacheValue.object(fields.filter { $0.key != missing })
            #expect(throws: (any Error).self) { try decodable(LinkCache.Record.self, cut) }
            #expect(throws: (any Error).self) { try readable(LinkCache.Record.self, cut) }
        }
    }

    /// The address of a string's UTF-8 storage: equal for two strings that share it.
    private func storage(_ text: String) -> UnsafePointer<UInt8>? {
        text.utf8.withContiguousStorageIfAvailable { $0.baseAddress } ?? nil
    }

    @Test("a read shares the storage of a long string it read before (each finding's file), and never mistakes one string for another that ends alike")
    func recentStrings() throws {
        let rule = FindingRule(id: "text-corrupt", severity: .warning, summary: "")
        let file = "fr-fr/articles/service/a-rather-long-article-name.md"
        // Of one length, ending with the same 8 bytes and more: the same slot, other strings.
        let alike = ["es-es/articles/service/a-rather-long-article-name.md", "fr-fr/articles/servicX/a-rather-long-article-name.md",
                     "fr-fr/articles/service/b-rather-long-article-name.md"]
        var findings = (0..<6).map { Finding(rule: rule, path: file, line: $0 + 1, message: "message \($0) long enough to be stored apart", locale: "fr-fr") }
        findings += alike.map { Finding(rule: rule, path: $0, line: 1, message: "m", locale: "fr-fr") }
        findings.append(Finding(rule: rule, path: file, line: 9, message: "ça « là » 🙂 and more than fifteen bytes", locale: "fr-fr"))
        for index in findings.indices { findings[index].document = findings[index].path }
        // In report order, as the report sorts them.
        findings = CheckReport(findings: findings, alignments: [], staleness: [:], documents: 4, files: 4).findings
        let read = try roundTrip(CheckReport(findings: findings, alignments: [], staleness: [:], documents: 4, files: 4)).findings
        #expect(read.map(\.path) == findings.map(\.path) && read.map(\.message) == findings.map(\.message))
        #expect(read.map(\.document) == findings.map(\.document))
        let stored = read.filter { $0.path == file }.map { storage($0.path) }
        #expect(stored.count == 7 && Set(stored).count == 1 && stored[0] != nil, "one string for every finding of the file")
        #expect(read.compactMap(\.document).filter { $0 == file }.allSatisfy { storage($0) == stored[0] }, "its document is that string too")
        let long = read.map(\.message).filter { $0.utf8.count > 15 }
        #expect(long.count == 7 && Set(long.map(storage)).count == 7, "different strings stay apart")
        // Damaged UTF-8 is repaired as `String(decoding:as:)` repairs it, each time it is read; the
        // repaired string is not the string of its repaired bytes' own reading.
        let recent = RecentStrings()
        let damaged: [UInt8] = Array("fr-fr/articles/caf".utf8) + [0xC3] + Array("-invalid.md".utf8)
        let repaired = String(decoding: damaged, as: UTF8.self)
        for _ in 0..<2 { #expect(damaged.withUnsafeBytes { recent.string($0) } == repaired) }
        let valid = Array(repaired.utf8)
        #expect(valid.withUnsafeBytes { recent.string($0) } == repaired)
        for text in alike + [file, "short"] { #expect(Array(text.utf8).withUnsafeBytes { recent.string($0) } == text) }
    }
}
