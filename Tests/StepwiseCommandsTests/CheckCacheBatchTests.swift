import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
@testable import StepwiseCommands
import Testing

/// A cold check that reads and checks its documents a batch at a time (to hold a batch, not the
/// content) has exactly the outcome of a check of every document read at once.
@Suite(.serialized) struct CheckCacheBatchTests {
    /// The check cache's project (`CheckCacheTests.Project`) and what a check of it is given: its
    /// content and a path that does not exist (a problem of the run, which belongs to no batch).
    struct Setup {
        let project: CheckCacheTests.Project
        let loader: WorkspaceLoader
        var paths: [String] { [project.content.path, project.content.appendingPathComponent("missing").path] }
        var cache: CheckCache { CheckCache(root: project.folder.url.appendingPathComponent("project"), key: "batch-tests") }

        init() throws {
            project = try CheckCacheTests.Project()
            let root = project.folder.url.appendingPathComponent("project")
            let configuration = try ProjectConfiguration.load(root.appendingPathComponent("stepwise.yml"), displayPath: "stepwise.yml")
            loader = WorkspaceLoader(root: root, configuration: configuration, contentRoot: project.content)
        }

        /// What a check has to show for an outcome, each part named with a hash of it: its report as
        /// `stepwise check --format json` prints it, its alignments and links, and what the caches keep.
        /// `parts`: the outcome's shares decoded already (see `CheckCache.Outcome.parts()`).
        func summary(_ outcome: CheckCache.Outcome, parts: [CheckReport]? = nil) throws -> [String] {
            let report = try parts.map(outcome.report) ?? outcome.report()
            let parts = [
                ("report", try ReportJSON.encode(CheckJSON(report: report))), ("alignments", try ReportJSON.encode(report.alignments)),
                ("links", try ReportJSON.encode(report.links)), ("shares", outcome.shareFingerprint), ("checked", "\(outcome.checked)"),
                ("dependencies", "\(outcome.dependencyKeys.sorted { $0.key < $1.key })"),
            ]
            return parts.map { "\($0.0) \(ContentHash.hex(Data($0.1.utf8)))" }
        }

        /// Runs `body` on a cold cache.
        func cold<T>(_ body: () throws -> T) throws -> T {
            try? FileManager.default.removeItem(at: cache.folder)
            return try body()
        }
    }

    @Test("a tutorial's documents (a source, its translations and editions) share a batch; every document is in one")
    func batchesKeepTutorials() throws {
        let setup = try Setup()
        let found = DocumentDiscovery().markdownFiles(under: setup.project.content)
        let tutorial = { (url: URL) in ContentLayout.containing(url, defaultLocale: "").tutorialPath(of: url) }
        for size in [1, 2, 1_000] {
            let batches = CheckCache.batches(of: found, size: size)
            #expect(batches.flatMap { $0 }.sorted(byKey: \.path) == found.sorted(byKey: \.path))
            let batchOf = Dictionary(batches.enumerated().flatMap { index, batch in batch.map { (tutorial($0), index) } }, uniquingKeysWith: { first, later in
                #expect(first == later, "a tutorial split between batches")
                return first
            })
            #expect(Set(batchOf.values).count == batches.count)
            #expect(batches.dropLast().allSatisfy { $0.count >= size })
        }
        #expect(Set(found.map(tutorial)).count >= 3, "the content has several tutorials")
        #expect(found.count > Set(found.map(tutorial)).count, "and several documents per tutorial")
    }

    @Test("a check in batches of any size has the outcome of a check of every document at once")
    func checkInBatches() throws {
        let setup = try Setup()
        let outcome = try setup.cold { try setup.cache.check(setup.paths, loader: setup.loader) }
        #expect(try outcome.report().findings.contains { $0.rule == "file-missing" }, "the run's own problem is reported")
        let whole = try setup.summary(outcome)
        for size in [1, 2, 1_000] {
            let batched = try setup.cold { try setup.summary(setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: size)) }
            #expect(batched == whole, "batches of \(size)")
        }
    }

    @Test("a check in batches sets aside each share it makes (none of their bytes held to its end); the buckets written from them serve the next run")
    func sharesSetAside() throws {
        let setup = try Setup()
        let outcome = try setup.cold { try setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: 1) }
        #expect(outcome.checked == outcome.shares.count && outcome.shares.count > 3)
        #expect(outcome.shares.allSatisfy { !$0.share.isHeld && $0.share.value != nil && $0.part == nil })
        let cold = try setup.summary(outcome)
        let warm = try setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: 1)
        #expect(warm.checked == 0 && warm.reused == outcome.shares.count)
        #expect(try setup.summary(warm).filter { !$0.hasPrefix("checked ") && !$0.hasPrefix("alignments ") }
            == cold.filter { !$0.hasPrefix("checked ") && !$0.hasPrefix("alignments ") })
        // A check of the whole workspace at once holds its shares (it keeps their parts).
        let whole = try setup.cold { try setup.cache.check(setup.paths, loader: setup.loader) }
        #expect(whole.shares.allSatisfy { $0.share.isHeld })
    }

    @Test("a check in batches that keeps no alignments (what `stepwise check` prints reads none) has the outcome of one that keeps them, alignments aside")
    func withoutAlignments() throws {
        let setup = try Setup()
        let kept = try setup.cold { try setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: 2) }
        let dropped = try setup.cold { try setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: 2, keepsAlignments: false) }
        #expect(!kept.alignments.isEmpty, "the content has translations aligned with their sources")
        #expect(dropped.alignments.isEmpty)
        let (keptReport, droppedReport) = (try kept.report(), try dropped.report())
        #expect(try ReportJSON.encode(CheckJSON(report: droppedReport)) == ReportJSON.encode(CheckJSON(report: keptReport)))
        #expect(droppedReport.text() == keptReport.text())
        #expect(droppedReport.sources == keptReport.sources && droppedReport.sampleCounts == keptReport.sampleCounts)
    }

    @Test("after an edit, a check in batches through the cache has the outcome of a cold check: the kept shares decoded while the changed documents are checked (they fit a batch) or after them (they do not)")
    func warmInBatches() throws {
        let setup = try Setup()
        let edited = ["fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md", CheckCacheTests.german]
        for (count, size) in [(1, 1_000), (2, 1), (2, 1_000)] {
            _ = try setup.cold { try setup.cache.check(inBatches: setup.paths, loader: setup.loader) }
            for path in edited.prefix(count) { try setup.project.append(path, "\nUne phrase ajoutée, \(count) \(size).\n") }
            let warm = try setup.cache.check(inBatches: setup.paths, loader: setup.loader, size: size)
            #expect(warm.checked >= count && warm.reused > 0, "\(count) edited, batches of \(size): the others' shares are kept")
            let cold = try setup.cold { try setup.summary(setup.cache.check(inBatches: setup.paths, loader: setup.loader)) }
            // Everything but how many documents were checked afresh and their alignments (a run has
            // those of the documents it checked; the stored shares keep their counts).
            let same = { (summary: [String]) in summary.filter { !$0.hasPrefix("checked ") && !$0.hasPrefix("alignments ") } }
            #expect(try same(setup.summary(warm)) == same(cold), "\(count) edited, batches of \(size)")
            #expect(same(cold).count == cold.count - 2)
        }
    }

    @Test("a check without the cache in batches of any size (of a shard's documents or all) reports what a check of every document at once reports, with the same problems of reading")
    func uncachedInBatches() throws {
        let setup = try Setup()
        func printed(_ report: CheckReport) throws -> [String] {
            [try ReportJSON.encode(CheckJSON(report: report)), report.text(), try ReportJSON.encode(report.alignments), try ReportJSON.encode(report.links)]
        }
        let loaded = setup.loader.load(setup.paths, withSources: true)
        let whole = try WorkspaceCheck(workspace: loaded).run()
        #expect(!loaded.diagnostics.isEmpty, "the content has problems of reading (`stepwise align` prints them)")
        #expect(whole.findings.contains { $0.rule == "file-missing" }, "the run's own problem is reported")
        let shard = Shard(index: 1, count: 2)
        let half = try WorkspaceCheck(workspace: setup.loader.load(setup.paths, withSources: true, selecting: { $0.filter(shard.contains) })).run()
        #expect(half.checkedDocuments.count < whole.checkedDocuments.count && !half.checkedDocuments.isEmpty)
        for size in [1, 2, 1_000] {
            let all = try Check.checkedInBatches(setup.paths, loader: setup.loader, size: size, keepingDiagnostics: true)
            #expect(try printed(all.report) == printed(whole), "batches of \(size)")
            #expect(Diagnostic.reportSortedOnce(all.diagnostics) == Diagnostic.reportSortedOnce(loaded.diagnostics), "batches of \(size)")
            let batched = try Check.checkedInBatches(setup.paths, loader: setup.loader, size: size) { $0.filter(shard.contains) }.report
            #expect(try printed(batched) == printed(half), "shard 1/2, batches of \(size)")
        }
    }

    @Test("taking an outcome's parts decodes what parts() decodes and lets go of each share's bytes and dependencies, keeping its keys")
    func takenParts() throws {
        let setup = try Setup()
        for warm in [false, true] {
            if !warm { try? FileManager.default.removeItem(at: setup.cache.folder) }
            // Cold: every share was made now (its bytes its own); warm: every share read from the cache.
            var outcome = try setup.cache.check(inBatches: setup.paths, loader: setup.loader)
            #expect(warm ? outcome.reused > 0 && outcome.checked == 0 : outcome.checked > 0 && outcome.reused == 0)
            let expected = try setup.summary(outcome), parts = try outcome.parts()
            let keys = outcome.shares.map(\.dependencyKey)
            #expect(outcome.shares.allSatisfy { !$0.share.bytes.isEmpty && $0.dependencies != CheckCache.Dependencies([:]) })
            let taken = try outcome.takeParts()
            #expect(taken.map { try? ReportJSON.encode(CheckJSON(report: $0)) } == parts.map { try? ReportJSON.encode(CheckJSON(report: $0)) })
            #expect(taken.map(\.links) == parts.map(\.links))
            #expect(outcome.shares.allSatisfy { $0.share.bytes.isEmpty && $0.share.value == nil && $0.part == nil })
            #expect(outcome.shares.allSatisfy { $0.dependencies == CheckCache.Dependencies([:]) })
            #expect(outcome.shares.map(\.dependencyKey) == keys, "warm: \(warm)")
            // The report merged from the parts taken is the report of the outcome before.
            #expect(try setup.summary(outcome, parts: taken) == expected, "warm: \(warm)")
        }
    }

    @Test("a build's check in batches keeps every model, none loaded, and has the outcome of a check of the whole workspace")
    func buildInBatches() throws {
        let setup = try Setup()
        let content = [setup.project.content.path]
        var workspace = setup.loader.load(content)
        let whole = try setup.cold {
            try setup.summary(setup.cache.check(workspace, paths: [setup.project.content]) { _, _ in true })
        }
        workspace.releaseLoadedDocuments()
        for size in [1, 2] {
            let batched = try setup.cold { try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader, size: size) }
            #expect(try setup.summary(batched.outcome) == whole, "batches of \(size)")
            #expect(batched.workspace.documents.map(\.url) == workspace.documents.map(\.url))
            #expect(batched.workspace.documents.map(\.tutorial) == workspace.documents.map(\.tutorial))
            #expect(batched.workspace.diagnostics == workspace.diagnostics)
            #expect(batched.workspace.documents.allSatisfy { $0.loaded == nil && $0.isReported })
        }
    }
}
