import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// `stepwise check`: aligns every translation and edition with its source and reports drift.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Report drifted, damaged, missing and stale translations and corrupted text.",
        discussion: """
            Aligns each localized variant and older edition with its source (the source locale's current \
            edition of the same tutorial: same ms.assetid, else same path), classifies every code sample \
            pair, checks sentence and page staleness and lints text for known corruption. Findings print as \
            path:line:col: severity: message [rule]. Exit status: 0 when no finding is at or above \
            --fail-on, 1 otherwise, 2 for usage errors.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    @Argument(help: "Content directories or Markdown files (default: content).")
    var paths: [String] = ["content"]

    @Option(help: "Exit with status 1 when a finding is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    @Option(help: "Output format: text, json, sarif or github (workflow annotations).")
    var format: Format = .text

    @OptionGroup var sources: SourceOptions

    @Option(help: "The baseline of accepted findings.")
    var baseline: String = BaselineFile.defaultPath

    @Flag(help: "Report every finding, ignoring the baseline.")
    var noBaseline = false

    @Flag(help: "Write the current findings to the baseline (accepting them) and exit. Entries of files this run did not check are kept.")
    var updateBaseline = false

    @Option(help: ArgumentHelp(
        "Check only tutorials changed since this git revision (their files, includes or source).",
        valueName: "revision"))
    var changedSince: String?

    @Option(help: ArgumentHelp(
        "Check only shard i of n (e.g. 2/4), for CI matrices: documents are split by tutorial path, a source with all its translations and editions in one shard. Combine the shards' --part files with `stepwise merge`.",
        valueName: "i/n"))
    var shard: Shard?

    @Option(help: ArgumentHelp(
        "Write this run's complete report (before rule overrides and the baseline) to a file for `stepwise merge`, instead of printing it.",
        valueName: "file"))
    var part: String?

    @Flag(help: "Neither read nor write the cache (.stepwise/cache/): check every document afresh (beside a committed generated/, render every page to compare).")
    var noCache = false

    func validate() throws {
        if noBaseline && updateBaseline { throw ValidationError("--no-baseline and --update-baseline exclude each other.") }
        if shard != nil && changedSince != nil { throw ValidationError("--shard and --changed-since exclude each other.") }
        if part != nil && updateBaseline { throw ValidationError("--part writes a report part; update the baseline from `stepwise check` or `stepwise merge` output instead.") }
    }

    func run() throws {
        let project = sources.project
        let scope = try changedSince.map { try ChangeScope.since($0, around: project.resolve(paths.first ?? ".")) }
        let loader = try sources.loader()
        let selection = SourceSelection(locale: loader.sourceLocale, edition: loader.sourceEdition)
        let resolved = paths.map(project.resolve)
        var report: CheckReport
        var generated: GeneratedPart?
        /// With the check's cache, the link check's: only the links of changed documents are resolved again.
        var linkCache: LinkCache?
        /// Gives back the links of a document the report holds without them (see `LinkRestorer`).
        var restore: LinkRestorer = { $0 }
        if let shard, part != nil && comparesGeneratedOutput(loader) {
            // The shard's pages are rendered from its models, set aside as its batches are checked.
            let checked = try CheckedForSite(
                content: URL(fileURLWithPath: resolved[0]), loader: loader, contractTutorial: loader.configuration.contractTutorial,
                selecting: { $0.filter(shard.contains) })
            report = checked.report
            generated = try GeneratedOutputCheck(checked).shardPart(
                shard, report: report, paths: resolved.map { URL(fileURLWithPath: $0) }, loader: loader, configuration: configurationURL)
        } else if let shard {
            report = try Self.checkedInBatches(resolved, loader: loader) { $0.filter(shard.contains) }.report
        } else if let scope {
            let workspace = loader.load(resolved, withSources: true, selecting: { @Sendable urls in scope.select(urls, selection: selection) })
            report = try WorkspaceCheck(workspace: workspace).run()
        } else if comparesGeneratedOutput(loader) {
            let content = URL(fileURLWithPath: resolved[0])
            // Through the caches (recorded, unless a part is written), else every document read.
            if !noCache, part == nil, try againstGenerated(content: content, loader: loader, paths: resolved) { return }
            if !noCache, part != nil, let cached = try GeneratedOutputCheck.throughCache(content: content, loader: loader, configuration: configurationURL) {
                report = cached.report
                linkCache = cached.linkCache
                restore = cached.restore
            } else {
                // The site is rendered from the models, as `build` renders it, set aside as the batches are checked.
                let checked = try CheckedForSite(content: content, loader: loader, contractTutorial: loader.configuration.contractTutorial)
                report = checked.report
                report.add(try GeneratedOutputCheck(checked).findings(report: checked.report))
            }
        } else if noCache {
            report = try Self.checkedInBatches(resolved, loader: loader).report
        } else {
            let options = [loader.sourceLocale, loader.sourceEdition, loader.contentRoot?.path ?? "", loader.root.path] + resolved
            let cache = CheckCache(root: project.rootURL, key: CheckCache.key(configuration: URL(fileURLWithPath: project.resolve(project.config)), options: options))
            if part == nil && !updateBaseline { return try recorded(cache, loader: loader, paths: resolved) }
            let cached = try cache.report(resolved, loader: loader)
            report = cached.report
            linkCache = LinkCache(root: project.rootURL, key: cache.key, dependencyKeys: cached.linkKeys)
        }
        if let part {
            // A shard's links are checked when the parts are merged: they point into other shards.
            let setup = ReportPart.setup(configuration: configurationURL, loader: loader, paths: paths.map(project.resolve), root: project.rootURL)
            let contentRoot = ReportPart.contentRoot(loader.effectiveContentRoot(for: resolved.map { URL(fileURLWithPath: $0) }), root: project.rootURL)
            try ReportPart(shard: shard, setup: setup, report: report, generated: generated, contentRoot: contentRoot).write(to: project.resolve(part))
            return
        }
        try finish(report, loader: loader, paths: resolved, linkCache: linkCache, restore: restore)
    }

    /// Adds the link check's findings to `report` (with `linkCache`, only the links of changed
    /// documents resolved again) and prints it, ending with the exit status.
    private func finish(_ report: CheckReport, loader: WorkspaceLoader, paths: [String], linkCache: LinkCache?, restore: @escaping LinkRestorer) throws {
        var report = report
        report.add(linkFindings(report.links, loader: loader, paths: paths, cache: linkCache, restore: restore))
        try output(report, loader: loader)
    }

    /// The link check's findings of the documents under `paths` (with `cache`, only the links of changed
    /// documents resolved again).
    private func linkFindings(_ documentLinks: [DocumentLinks], loader: WorkspaceLoader, paths: [String], cache: LinkCache?, restore: @escaping LinkRestorer) -> [Finding] {
        let urls = paths.map { URL(fileURLWithPath: $0) }
        let links = LinkCheck(loader: loader, contentRoot: loader.effectiveContentRoot(for: urls))
        return links.findings(documentLinks, tables: links.tables(below: urls), cache: cache, restore: restore)
    }

    /// Prints `report` (its links checked), ending with the exit status.
    private func output(_ report: CheckReport, loader: WorkspaceLoader) throws {
        try ReportOutput(format: format, failOn: failOn, sources: sources, baseline: baseline, noBaseline: noBaseline)
            .finish(report, configuration: loader.configuration, updateBaseline: updateBaseline)
    }

    /// The check of the whole `content` and of the committed `generated/` through the caches the
    /// last build left (`GeneratedOutputCheck.throughCache`), recorded (see `RunRecord`): when no
    /// file it read (the content, `templates/`, `stepwise.yml`, the baseline, every file a document
    /// reads) and no file of `generated/` changed, its output is printed again. False, having printed
    /// nothing, when there is no build to continue. A run that updates the baseline, or whose pages
    /// are dated by git (the repository's history), is not recorded.
    private func againstGenerated(content: URL, loader: WorkspaceLoader, paths: [String]) throws -> Bool {
        let project = sources.project
        let root = project.rootURL
        let build = IncrementalBuild(loader: loader, content: content.path, configuration: configurationURL, contractTutorial: loader.configuration.contractTutorial)
        let url = root.appendingPathComponent(".stepwise/cache/check-generated-run.bin")
        let key = RunRecord.key(build.checkKey, options: ["generated", format.rawValue, "\(failOn)", project.resolve(baseline), "\(noBaseline)"])
        let inputs = RunRecord.Listing([content.path, root.appendingPathComponent("templates").path, configurationURL.path, project.resolve(baseline)]
            + (build.contentRoot.map { [$0.path] } ?? []))
        // The committed files, listed before they are compared: one changed during the run is not the one recorded.
        let generated = RunRecord.Listing([root.appendingPathComponent("generated").path])
        let records = !updateBaseline && loader.configuration.lastUpdated != .git
        if records, let record = RunRecord.replayable(at: url, key: key, listing: inputs, others: { [generated] }) {
            try record.replay()
            return true
        }
        try? FileManager.default.removeItem(at: url)
        var loader = loader
        loader.tree = inputs.tree
        // The links are checked on another core while the pages are rendered and compared.
        let check = self
        let linked = loader
        guard let cached = try GeneratedOutputCheck.throughCache(
            content: content, loader: loader, configuration: configurationURL, listing: inputs,
            links: { documentLinks, cache, restore in check.linkFindings(documentLinks, loader: linked, paths: paths, cache: cache, restore: restore) })
        else {
            return false
        }
        let finishing = { try output(cached.report, loader: loader) }
        // A file modified just now: the run cannot be recorded (see `RunRecord.files`), nor need be captured.
        guard records, !inputs.racy, !generated.racy else {
            try finishing()
            return true
        }
        let files = RunRecord.startFiles([inputs, generated], read: cached.inputs)
        let run = try RunRecord.capturing(finishing)
        let recorded = files.value
        let record = RunRecord(key: key, listing: RunRecord.listingKey([inputs, generated]), files: recorded ?? "", output: run.output, errors: run.errors, status: run.status)
        try record.replay(storingAt: recorded == nil ? nil : url)
        return true
    }

    /// The report of the documents under `paths` that `selecting` keeps (of every document found),
    /// checked a batch of tutorials at a time (`CheckCache.batches(of:size:)`), each batch dropped once
    /// checked, and merged as shards' reports merge (a tutorial is never split between batches, as
    /// between shards): memory grows with a batch and the report, not with the content's text and
    /// models (a corpus checked whole without the cache peaked at 1.1 GB). With `keepingDiagnostics`,
    /// also the problems of reading the documents (each batch's `Workspace.diagnostics`, in batch order).
    static func checkedInBatches(
        _ paths: [String], loader: WorkspaceLoader, size: Int = CheckCache.batchSize, keepingDiagnostics: Bool = false,
        selecting: @escaping ([URL]) -> [URL] = { $0 }
    ) throws -> (report: CheckReport, diagnostics: [Diagnostic]) {
        let batches = try loader.load(paths, batches: { found in CheckCache.batches(of: selecting(found), size: size) }) { workspace in
            (report: try WorkspaceCheck(workspace: workspace).run(), diagnostics: keepingDiagnostics ? workspace.diagnostics : [])
        }
        return (CheckReport.merged(batches.map(\.report)), batches.flatMap(\.diagnostics))
    }

    /// The check through the cache (`paths`: the resolved paths), recorded: when no file it read
    /// and no path below its folders changed, the recorded output is printed again (see `RunRecord`).
    private func recorded(_ cache: CheckCache, loader: WorkspaceLoader, paths: [String]) throws {
        let project = sources.project
        let url = cache.folder.deletingLastPathComponent().appendingPathComponent("check-run.bin")
        let key = RunRecord.key(cache.key, options: [format.rawValue, "\(failOn)", project.resolve(baseline), "\(noBaseline)"])
        let contentRoot = loader.effectiveContentRoot(for: paths.map { URL(fileURLWithPath: $0) })
        let listing = RunRecord.Listing(paths + (contentRoot.map { [$0.path] } ?? []) + [project.resolve(baseline)])
        if let record = RunRecord.replayable(at: url, key: key, listing: listing) { return try record.replay() }
        try? FileManager.default.removeItem(at: url)
        // The files the listing stamped are not stamped again, nor its folders walked. The cache files
        // are written while the report is merged and printed; the run ends once they are.
        let writes = BackgroundWrites()
        defer { writes.wait() }
        var cache = cache
        cache.listing = listing
        cache.writes = writes
        var loader = loader
        loader.tree = listing.tree
        // A file modified just now: the run cannot be recorded (see `RunRecord.files`), nor need be captured.
        if listing.racy { return try checked(cache, loader: loader, paths: paths, contentRoot: contentRoot) { _ in } }
        // The record's files are gathered on another core while the report is formatted.
        var files: Concurrently.Pending<String?>?
        let run = try RunRecord.capturing {
            try checked(cache, loader: loader, paths: paths, contentRoot: contentRoot) { files = RunRecord.startFiles([listing], read: $0) }
        }
        let recorded = files?.value
        let record = RunRecord(key: key, listing: RunRecord.listingKey([listing]), files: recorded ?? "", output: run.output, errors: run.errors, status: run.status)
        try record.replay(storingAt: recorded == nil ? nil : url)
    }

    /// The check through the cache, its links and its output; `read` is given every file the shares
    /// were computed from, with its stamp as read (see `CheckCache.Outcome.inputs`), before the
    /// output is printed (which throws the exit status).
    private func checked(_ cache: CheckCache, loader: WorkspaceLoader, paths: [String], contentRoot: URL?,
                         read: (ReadFiles) -> Void) throws {
        let (root, key, urls) = (sources.project.rootURL, cache.key, paths.map { URL(fileURLWithPath: $0) })
        let links = LinkCheck(loader: loader, contentRoot: contentRoot)
        // What the link check reads is read on the core the documents' check leaves idle, and so is the baseline.
        let linkInputs = Concurrently.start { links.inputs(below: urls, cache: LinkCache.url(root: root)) }
        let output = ReportOutput(format: format, failOn: failOn, sources: sources, baseline: baseline, noBaseline: noBaseline)
        let accepted = output.startLoadingBaseline(cache: cache.folder.deletingLastPathComponent())
        // What is printed reads no alignment (findings, counts, staleness): none is held to the end.
        let writes = cache.writes
        let (report, _, inputs) = try cache.report(paths, loader: loader, keepsAlignments: false) { documentLinks, linkKeys, restore in
            links.findings(documentLinks, inputs: linkInputs.value, cache: LinkCache(root: root, key: key, dependencyKeys: linkKeys, writes: writes), restore: restore)
        }
        // The link cache's records read are not freed by this thread either.
        Concurrently.discard(linkInputs)
        read(inputs)
        // The report of a whole corpus is not freed by this thread, which prints and exits.
        defer { Concurrently.discard(consume report) }
        try output.finish(report, configuration: loader.configuration, baseline: accepted)
    }

    private var configurationURL: URL { URL(fileURLWithPath: sources.project.resolve(sources.project.config)) }

    /// True when the run covers the project's whole `content/` folder and `generated/` exists: then the
    /// committed output is compared with what a build would write — through the caches the last build
    /// left, only the pages it would write again (`GeneratedOutputCheck.throughCache`); else, or with
    /// `--no-cache`, a fresh build of every document.
    private func comparesGeneratedOutput(_ loader: WorkspaceLoader) -> Bool {
        let content = loader.root.appendingPathComponent("content").standardizedFileURL
        let generated = loader.root.appendingPathComponent("generated").path
        return loader.effectiveContentRoot(for: paths.map { URL(fileURLWithPath: sources.project.resolve($0)) })?.path == content.path
            && paths.map { sources.project.resolve($0) } == [content.path] && FileManager.default.fileExists(atPath: generated)
    }
}

/// The JSON of `stepwise check`: findings, summary and sentence staleness (alignments: `stepwise align`).
struct CheckJSON: Encodable {
    var schema: String
    var findings: [Finding]
    var summary: CheckSummary
    var staleness: [String: SentenceStaleness.Counts]
    /// The files the run checked (documents and includes), sorted: what its findings cover.
    var checkedFiles: [String]

    init(report: CheckReport) {
        schema = report.schema
        checkedFiles = report.checkedFiles.sorted()
        findings = report.findings
        summary = report.summary
        staleness = report.staleness
    }
}

/// Deterministic, readable JSON.
enum ReportJSON {
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
