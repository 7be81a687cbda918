import ArgumentParser
import Foundation
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

    func run() throws {
        let configuration = try project.configuration()
        let loader = project.loader(configuration)
        let content = project.contentRoot ?? "content"
        let workspace = loader.load([project.resolve(content)])
        let engine = DiagnosticEngine()
        engine.emit(contentsOf: workspace.diagnostics)
        let report = try WorkspaceCheck(workspace: workspace).run()
        let context = BuildContext(
            workspace: workspace, report: report, diagnostics: engine, rootPath: project.rootPath,
            contractTutorial: tutorial ?? configuration.contractTutorial)
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
}
