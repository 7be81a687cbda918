import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
@testable import StepwiseCommands
import Testing
import TutorialModel

/// A cold build keeps its documents' outlines only once their batch is checked, and reads each
/// document again as its page is rendered (`SiteModels`): its site is byte for byte the site rendered
/// from every model kept, whatever the size of the batches.
@Suite(.serialized) struct OutlineSiteTests {
    /// The check cache's project (several tutorials, translations, an older edition, shared includes)
    /// with the repository's templates.
    private func setup() throws -> CheckCacheBatchTests.Setup {
        let setup = try CheckCacheBatchTests.Setup()
        try FileManager.default.copyItem(
            at: RepositoryFiles.root.appendingPathComponent("templates"), to: setup.project.folder.url.appendingPathComponent("project/templates"))
        return setup
    }

    /// Every file of the site of `workspace` (path → bytes), its models read by `models` when given.
    private func site(_ workspace: Workspace, _ report: CheckReport, models: SiteModels?) throws -> [String: Data] {
        var pipeline = SitePipeline(workspace: workspace, report: report)
        pipeline.models = models
        var files = SiteFiles()
        _ = try pipeline.render(into: &files)
        return files.files
    }

    @Test("a site planned with outlines, each page rendered from its document read again, is the site of the models kept, in batches of 1 or 1,000")
    func outlinesRenderTheSameSite() throws {
        let setup = try setup()
        let content = [setup.project.content.path]
        let kept = try setup.cold { try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader) }
        let report = try kept.outcome.report()
        let expected = try site(kept.workspace, report, models: nil)
        #expect(kept.workspace.tutorials.count > 5 && kept.workspace.tutorials.allSatisfy { !$0.sections.isEmpty }, "every model is kept")
        // What the pages show that comes from more than the page's own model: section ids taken from the
        // source's (the translations and the older edition of the bundled tutorial) and verified samples.
        let german = try #require(expected["de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.html"])
        let stable = try #require(PageAnchors.stableIDs(
            SitePipeline.sectionOrigins(report.alignments),
            tutorials: Dictionary(kept.workspace.tutorials.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })).first { $0.key.contains("de-de/") })
        #expect(stable.value.values.allSatisfy { String(decoding: german, as: UTF8.self).contains("<section id=\"\($0)\"") })
        for badge in ["badge-drift", "badge-fallback", "badge-matches-source"] {
            #expect(String(decoding: german, as: UTF8.self).contains("badge \(badge)"), "the samples' verifications: \(badge)")
        }
        for size in [1, 1_000] {
            let outlined = try setup.cold {
                try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader, size: size) { _ in false }
            }
            #expect(outlined.workspace.tutorials == kept.workspace.tutorials.map(\.outline), "batches of \(size): outlines only")
            #expect(outlined.dropped == kept.dropped)
            let models = SiteModels(
                modeller: setup.loader.modeller(for: content), workspace: outlined.workspace, alignments: report.alignments, dropped: outlined.dropped)
            let files = try site(outlined.workspace, try outlined.outcome.report(), models: models)
            #expect(files.keys.sorted() == expected.keys.sorted(), "batches of \(size)")
            for (path, data) in expected where files[path] != data {
                Issue.record("batches of \(size): \(path) differs")
            }
        }
    }

    @Test("the models' estimate counts each file at the size the run's listing stamped, a file it did not list at its size now")
    func estimateFromListing() throws {
        let setup = try setup()
        let found = DocumentDiscovery().markdownFiles(under: setup.project.content).sorted(byKey: \.path)
        let listed = try #require(found.first), unlisted = try #require(found.last)
        let listing = RunRecord.Listing([listed.path])
        let sizes = try found.map { try #require($0.resourceValues(forKeys: [.fileSizeKey]).fileSize) }
        // Both files grow after the listing: the listed one counts as listed, the other as it is now.
        for url in [listed, unlisted] { try (String(contentsOf: url, encoding: .utf8) + "\nUne phrase de plus.\n").write(to: url, atomically: false, encoding: .utf8) }
        let grown = try #require(unlisted.resourceValues(forKeys: [.fileSizeKey]).fileSize) - sizes[sizes.count - 1]
        #expect(grown > 0)
        #expect(SiteModels.estimatedSize(of: found, limit: .max, listing: listing) == 4 * (sizes.reduce(0, +) + grown))
        #expect(SiteModels.estimatedSize(of: found, limit: .max) == 4 * (sizes.reduce(0, +) + 2 * grown), "without a listing: every file as it is now")
    }

    @Test("a content whose models fit the budget has every model held aside: the same site, no document read again; a larger one holds none")
    func modelsHeldAside() throws {
        let setup = try setup()
        let content = [setup.project.content.path]
        let all = try setup.cold { try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader) }
        let expected = try site(all.workspace, try all.outcome.report(), models: nil)
        let found = DocumentDiscovery().markdownFiles(under: setup.project.content)
        let estimate = try #require(SiteModels.estimatedSize(of: found, limit: .max))
        #expect(SiteModels.estimatedSize(of: found, limit: estimate - 1) == nil)
        let sizes = try found.map { try #require($0.resourceValues(forKeys: [.fileSizeKey]).fileSize) }
        #expect(estimate == 4 * sizes.reduce(0, +), "four times the Markdown found")
        var checked: [Int: (workspace: Workspace, outcome: CheckCache.Outcome, dropped: [String: SiteModels.Dropped], kept: [String: Tutorial])] = [:]
        for budget in [0, estimate - 1, estimate, Int.max] {
            let run = try setup.cold {
                try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader, size: 2, modelBudget: budget) { _ in false }
            }
            checked[budget] = run
            #expect(run.workspace.tutorials == all.workspace.tutorials.map(\.outline), "budget \(budget): the workspace holds outlines")
            let heldAside = Set(run.kept.keys)
            #expect(heldAside.isEmpty == (budget < estimate), "budget \(budget) of \(estimate)")
            if budget >= estimate {
                #expect(heldAside == Set(all.workspace.tutorials.map(\.source)), "every model, in every batch")
                #expect(run.kept.values.allSatisfy { model in all.workspace.tutorials.contains(model) }, "the models checked")
            }
            #expect(run.dropped.filter { $0.value.hash == nil }.keys.sorted() == heldAside.sorted(), "a model held aside is not hashed")
            let report = try run.outcome.report()
            let models = SiteModels(
                modeller: setup.loader.modeller(for: content), workspace: run.workspace, alignments: report.alignments,
                dropped: run.dropped, kept: run.kept)
            let files = try site(run.workspace, report, models: models)
            #expect(files.keys.sorted() == expected.keys.sorted(), "budget \(budget)")
            for (path, data) in expected where files[path] != data {
                Issue.record("budget \(budget): \(path) differs")
            }
        }
        // Every document changed after the check: a model held aside is the one checked, handed without
        // reading its document; one read again is refused.
        let (held, dropped) = try (#require(checked[estimate]), #require(checked[estimate - 1]))
        func models(_ run: (workspace: Workspace, outcome: CheckCache.Outcome, dropped: [String: SiteModels.Dropped], kept: [String: Tutorial])) throws
            -> SiteModels
        {
            SiteModels(
                modeller: setup.loader.modeller(for: content), workspace: run.workspace, alignments: try run.outcome.report().alignments,
                dropped: run.dropped, kept: run.kept)
        }
        let (heldModels, droppedModels) = (try models(held), try models(dropped))
        for url in found {
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("\nEin neuer Satz.\n".utf8))
            try handle.close()
        }
        for planned in held.workspace.tutorials {
            #expect(try heldModels.model(of: planned).tutorial == held.kept[planned.source])
            #expect(throws: InputFailure.self, "\(planned.source) was read again") { try droppedModels.model(of: planned) }
        }
    }

    @Test("a document changed after it was checked stops the build with its path, rather than render a page its plan does not describe")
    func changedSinceChecked() throws {
        let setup = try setup()
        let content = [setup.project.content.path]
        let outlined = try setup.cold { try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader) { _ in false } }
        let report = try outlined.outcome.report()
        let models = SiteModels(
            modeller: setup.loader.modeller(for: content), workspace: outlined.workspace, alignments: report.alignments, dropped: outlined.dropped)
        let german = try #require(outlined.workspace.tutorials.first { $0.locale == "de-de" })
        #expect(try models.model(of: german).tutorial.outline == german, "read again as it was checked")
        // A sentence added at the end: the outline (place, title, metadata) is the same, the model is not.
        try setup.project.append(CheckCacheTests.german, "\nEin neuer Satz.\n")
        do {
            _ = try models.model(of: german)
            Issue.record("a changed document was rendered")
        } catch let failure as InputFailure {
            let message = failure.diagnostic?.description ?? ""
            #expect(message.hasPrefix(german.source + ":1:1: error: site: "), "\(message)")
            #expect(message.contains("changed while the site was built"))
        }
    }

    @Test("models set aside in a spool render the site of the models kept, in batches of 1 or 1,000, without reading a document again")
    func spooledModelsRenderTheSameSite() throws {
        let setup = try setup()
        let content = [setup.project.content.path]
        let kept = try setup.cold { try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader) }
        let expected = try site(kept.workspace, try kept.outcome.report(), models: nil)
        let folder = setup.project.folder.url.appendingPathComponent("spools", isDirectory: true)
        for size in [1, 1_000] {
            let spool = try #require(Spool(in: folder))
            let spooled = try setup.cold {
                try setup.cache.checkEveryDocument(inBatches: content, loader: setup.loader, size: size, spool: spool) { _ in false }
            }
            #expect(spooled.dropped.count == kept.workspace.tutorials.count && spooled.dropped.values.allSatisfy { $0.spooled?.spool === spool })
            #expect(spooled.dropped.values.allSatisfy { $0.hash == nil }, "a model set aside is the one checked: not hashed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the spool is never seen in its folder")
            let models = SiteModels(
                modeller: setup.loader.modeller(for: content), workspace: spooled.workspace, alignments: try spooled.outcome.report().alignments,
                dropped: spooled.dropped)
            // Every document emptied after the check: a page whose document were read again would fail.
            let originals = try DocumentDiscovery().markdownFiles(under: setup.project.content).map { ($0, try Data(contentsOf: $0)) }
            for (url, _) in originals { try Data().write(to: url) }
            let files = try site(spooled.workspace, try spooled.outcome.report(), models: models)
            #expect(files.keys.sorted() == expected.keys.sorted(), "batches of \(size)")
            for (path, data) in expected where files[path] != data {
                Issue.record("batches of \(size): \(path) differs")
            }
            for (url, data) in originals { try data.write(to: url) }
        }
    }
}
