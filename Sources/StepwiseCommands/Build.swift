import ArgumentParser
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// `stepwise build`: loads the content once, then runs the build stages in order (`[i/n] name`).
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build everything generated from the content: the HTML site, and the Swift contract where configured.",
        discussion: """
            Reads the content root (default <root>/content), templates/ and stepwise.yml below --root once, \
            checks every translation against its source, and runs each stage in order, printing [i/n] name: \
            "swift contract" (only when contract.tutorial is configured) writes generated/swift from that \
            tutorial's code (touching files only when their bytes change); "site" writes generated/site/ \
            atomically (a failed build leaves the previous site in place). Nothing outside generated/ is \
            written. Documents that cannot be read are reported (path:line:col: error: …) and listed on the \
            drift report page; the others are built. Exit status: 1 when a problem is at or above --fail-on.
            """)

    @OptionGroup var project: ProjectOptions

    @Option(help: "The tutorial the Swift contract is generated from, relative to the content root (default: contract.tutorial in stepwise.yml).")
    var tutorial: String?

    @Option(help: "Exit with status 1 when a problem is at or above this severity: error, warning or never.")
    var failOn: FailOn = .error

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: project.rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(project.rootPath)' is not a directory.")
        }
    }

    @Flag(help: "Neither read nor write the cache (.stepwise/cache/): check every document and render every page afresh.")
    var noCache = false

    @Option(help: ArgumentHelp(
        "Build only shard i of n (e.g. 2/4), for CI matrices: the pages of the shard's documents (split by tutorial path, a source with all its translations and editions in one shard) and a site part, into generated/site-parts/<i>-of-<n>/. `stepwise merge` of every shard's part writes generated/site. Without the cache.",
        valueName: "i/n"))
    var shard: Shard?

    func run() throws {
        let configuration = try project.configuration()
        let loader = project.loader(configuration)
        let content = project.resolve(project.contentRoot ?? "content")
        if let shard { return try runShard(shard, configuration: configuration, loader: loader, content: content) }
        let engine = DiagnosticEngine()
        let contractTutorial = tutorial ?? configuration.contractTutorial
        let incrementalBuild = IncrementalBuild(
            loader: loader, content: content, configuration: URL(fileURLWithPath: project.resolve(project.config)), contractTutorial: contractTutorial)
        let workspace: Workspace, report: CheckReport, incremental: IncrementalSite?, dates: [String: String]
        if !noCache, let prepared = try incrementalBuild.prepare() {
            (workspace, report, incremental, dates) = (prepared.workspace, prepared.report, prepared.site, prepared.dates)
            engine.emit(contentsOf: prepared.diagnostics)
            Console.current.output(prepared.line + "\n")
        } else {
            var loaded = loader.load([content])
            engine.emit(contentsOf: loaded.diagnostics)
            if noCache {
                (report, incremental, dates) = (try WorkspaceCheck(workspace: loaded).run(), nil, GitDates.lastUpdated(loaded))
            } else {
                // Every page is rendered: every document is checked afresh (its page needs its alignments).
                let outcome = try CheckCache(root: project.rootURL, key: incrementalBuild.checkKey)
                    .check(loaded, paths: [URL(fileURLWithPath: content)]) { _, _ in true }
                let full = incrementalBuild.fullSite(loaded, dependencyKeys: outcome.dependencyKeys)
                (report, incremental, dates) = (outcome.report, full.site, full.dates)
            }
            // Checked: the text the documents were read from is not needed any more (the stages use the
            // models), and it is a large part of what a whole-content build holds.
            loaded.releaseLoadedDocuments()
            workspace = loaded
        }
        let links = LinkCheck(loader: loader, contentRoot: URL(fileURLWithPath: content))
        let linkCache = incremental.map { LinkCache(root: project.rootURL, key: incrementalBuild.checkKey, dependencyKeys: $0.dependencyKeysBySource(workspace)) }
        engine.emit(contentsOf: links.diagnostics(report.links, tables: links.tables(below: [URL(fileURLWithPath: content)]), cache: linkCache))
        let context = BuildContext(
            workspace: workspace, report: report, diagnostics: engine, rootPath: project.rootPath,
            contractTutorial: contractTutorial, incremental: incremental, lastUpdated: dates)
        let stages = BuildStage.stages(for: context)
        if context.contractTutorial == nil {
            Console.current.output("note: no contract.tutorial in \(project.config): the swift contract stage is skipped\n")
        }
        for (index, stage) in stages.enumerated() {
            Console.current.output("[\(index + 1)/\(stages.count)] \(stage.name)\n")
            try stage.run(context)
        }
        engine.print()
        try engine.exit(failOn: failOn)
    }

    /// One shard: its documents checked (their sources read wherever they are), the contract when its
    /// tutorial is in the shard, and the shard's pages with its site part.
    private func runShard(_ shard: Shard, configuration: ProjectConfiguration, loader: WorkspaceLoader, content: String) throws {
        let workspace = loader.load([content], withSources: true, selecting: { @Sendable urls in urls.filter(shard.contains) })
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: workspace.diagnostics)
        let report = try WorkspaceCheck(workspace: workspace).run()
        engine.emit(contentsOf: LinkCheck(loader: loader, contentRoot: URL(fileURLWithPath: content)).diagnostics(report.links))
        var context = BuildContext(
            workspace: workspace, report: report, diagnostics: engine, rootPath: project.rootPath,
            contractTutorial: tutorial ?? configuration.contractTutorial, incremental: nil, lastUpdated: GitDates.lastUpdated(workspace))
        if let contract = context.contractTutorial, !shard.contains(URL(fileURLWithPath: content).appendingPathComponent(contract)) {
            Console.current.output("note: the contract tutorial is in another shard: the swift contract stage is skipped\n")
            context.contractTutorial = nil
        } else if context.contractTutorial == nil {
            Console.current.output("note: no contract.tutorial in \(project.config): the swift contract stage is skipped\n")
        }
        let stages = (context.contractTutorial == nil ? [] : [BuildStage.swiftContract])
            + [BuildStage.siteShard(shard, content: URL(fileURLWithPath: content), loader: loader, configuration: URL(fileURLWithPath: project.resolve(project.config)))]
        for (index, stage) in stages.enumerated() {
            Console.current.output("[\(index + 1)/\(stages.count)] \(stage.name)\n")
            try stage.run(context)
        }
        engine.print()
        try engine.exit(failOn: failOn)
    }
}
