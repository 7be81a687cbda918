import ArgumentParser
import ContractGen
import Foundation
import TutorialModel

/// `stepwise build`: runs the build stages that turn `content/` into files under `generated/`.
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate code from the tutorials: the Swift contract under generated/swift.",
        discussion: """
            Runs each stage in order, printing [i/n] name. The swift contract stage reads the source \
            tutorial (default locale, current edition) and writes generated/swift, touching files only \
            when their bytes change. Only folders inside generated/ are written.
            """)

    @Option(help: "The content root holding one folder per locale.")
    var content: String = "content"

    @Option(help: "The folder generated files go into (must be named generated or lie inside it).")
    var output: String = "generated"

    @Option(help: "The source tutorial, relative to the content root.")
    var tutorial: String = "en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    func validate() throws {
        let components = URL(fileURLWithPath: output).standardizedFileURL.pathComponents
        guard components.contains("generated") else { throw ValidationError("--output must be a generated/ folder.") }
    }

    func run() throws {
        let context = BuildContext(contentRoot: content, outputRoot: output, sourceTutorial: tutorial)
        let stages = BuildStage.all
        for (index, stage) in stages.enumerated() {
            Console.current.output("[\(index + 1)/\(stages.count)] \(stage.name)\n")
            try stage.run(context)
        }
    }
}
