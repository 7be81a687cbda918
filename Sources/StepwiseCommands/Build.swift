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
        if let shard {
            let configuration = try project.configuration()
            return try runShard(shard, configuration: configuration, loader: project.loader(configuration), content: project.resolve(project.contentRoot ?? "content"))
        }
        let action = action
        if action.useCache, let configuration = try? project.configuration(), configuration.lastUpdated != .git {
            return try recorded(action, configuration: configuration)
        }
        try action.run(reporting: finish)
    }

    /// Prints what a build did and ends with its status.
    private func finish(_ outcome: BuildOutcome) throws {
        // The diagnostics of a corpus are not freed by this thread, which prints and exits.
        defer { Concurrently.discard(outcome) }
        if let failure = outcome.failure { throw InputFailure(failure, exitCode: outcome.status) }
        DiagnosticEngine.print(outcome.diagnostics)
        if outcome.status != 0 { throw InputFailure(exitCode: outcome.status) }
    }

    /// The build through the cache, recorded (see `RunRecord`): when no file it read (the content,
    /// `templates/`, `stepwise.yml`, every file a document reads) and no file of `generated/` changed
    /// since a build that wrote nothing it had not written before, that build's output is printed
    /// again. Pages dated by git (`lastUpdated: git`) depend on the repository's history: not recorded.
    private func recorded(_ action: BuildAction, configuration: ProjectConfiguration) throws {
        let loader = WorkspaceLoader(root: action.root, configuration: configuration, contentRoot: action.contentRoot, sourceLocale: nil, sourceEdition: nil)
        let incremental = IncrementalBuild(loader: loader, content: action.content.path, configuration: action.configurationFile,
                                           contractTutorial: action.tutorial ?? configuration.contractTutorial)
        let key = RunRecord.key(incremental.checkKey, options: ["build", action.failOn.rawValue, action.tutorial ?? "", action.rootPath])
        let url = action.root.appendingPathComponent(".stepwise/cache/build-run.bin")
        let generated = action.root.appendingPathComponent("generated").path
        let read = [action.content.path, action.root.appendingPathComponent("templates").path, action.configurationFile.path]
            + (incremental.contentRoot.map { [$0.path] } ?? [])
        let inputs = RunRecord.Listing(read)
        if let record = RunRecord.replayable(at: url, key: key, listing: inputs, others: { [RunRecord.Listing([generated])] }) { return try record.replay() }
        try? FileManager.default.removeItem(at: url)
        // The files the listing stamped are not stamped again.
        var action = action
        action.listing = inputs
        // An input modified just now: the build cannot be recorded (see `RunRecord.files`), nor need be captured.
        if inputs.racy {
            try action.run(reporting: finish)
            return
        }
        let outputs = RunRecord.folderTimes(generated)
        // The files written are listed after the build: a build that wrote some is not recorded (their
        // stamps may be racy); the next one, which writes none, is. A site swapped in or a contract
        // file written changed the time of `generated/` or of a folder in it, however long the build
        // ran after: its thousands of files need not be listed to know that. The listing and the
        // record's files are made on another core while the build's problems are printed.
        var recording: Concurrently.Pending<(listing: String, files: String?)>?
        let run = try RunRecord.capturing {
            try action.run { outcome in
                if let stamps = outcome.inputs, !FileStamp.isRacy(path: generated), RunRecord.folderTimes(generated) == outputs {
                    recording = Concurrently.start {
                        let listings = [inputs, RunRecord.Listing([generated])]
                        return (RunRecord.listingKey(listings), RunRecord.recordedFiles(listings, read: stamps))
                    }
                }
                try finish(outcome)
            }
        }
        let recorded = recording?.value
        let record = RunRecord(key: key, listing: recorded?.listing ?? "", files: recorded?.files ?? "", output: run.output, errors: run.errors, status: run.status)
        try record.replay(storingAt: recorded?.files == nil ? nil : url)
    }

    /// The build these options ask for.
    var action: BuildAction {
        var action = project.buildAction
        action.tutorial = tutorial
        action.useCache = !noCache
        action.failOn = failOn
        return action
    }

    /// One shard: its documents checked (their sources read wherever they are) a batch at a time, each
    /// model set aside for its page (`CheckedForSite`), the contract when its tutorial is in the shard,
    /// and the shard's pages with its site part.
    private func runShard(_ shard: Shard, configuration: ProjectConfiguration, loader: WorkspaceLoader, content: String) throws {
        let contractTutorial = tutorial ?? configuration.contractTutorial
        let checked = try CheckedForSite(
            content: URL(fileURLWithPath: content), loader: loader, contractTutorial: contractTutorial, selecting: { $0.filter(shard.contains) })
        let workspace = checked.workspace
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: workspace.diagnostics)
        engine.emit(contentsOf: LinkCheck(loader: loader, contentRoot: URL(fileURLWithPath: content)).diagnostics(checked.report.links))
        var context = BuildContext(
            workspace: workspace, report: checked.report, diagnostics: engine, rootPath: project.rootPath,
            contractTutorial: contractTutorial, incremental: nil, lastUpdated: GitDates.lastUpdated(workspace))
        context.models = checked.models
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
