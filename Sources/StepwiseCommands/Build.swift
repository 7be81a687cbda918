import ArgumentParser
import ContractGen
import Foundation

/// `stepwise build`: runs the build stages in order (`[i/n] name`).
struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build everything generated from content/: the Swift contract and the HTML site.",
        discussion: """
            Reads content/, templates/ and stepwise.yml below --root and runs each stage in order, \
            printing [i/n] name: "swift contract" writes generated/swift from the source tutorial's code \
            (touching files only when their bytes change); "site" writes generated/site/ atomically (a failed \
            build leaves the previous site in place). Nothing outside generated/ is written.
            """)

    @Option(help: "The project root holding content/, templates/ and stepwise.yml.")
    var root: String = "."

    @Option(help: "The tutorial the Swift contract is generated from, relative to content/ (default: contract.tutorial in stepwise.yml).")
    var tutorial: String?

    func validate() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(root)' is not a directory.")
        }
    }

    func run() throws {
        let rootURL = URL(fileURLWithPath: root, isDirectory: true).standardizedFileURL
        let project = try ProjectConfiguration.load(rootURL.appendingPathComponent(ProjectConfiguration.defaultPath).path, displayPath: ProjectConfiguration.defaultPath)
        let context = BuildContext(
            root: rootURL, rootPath: root,
            contractTutorial: tutorial ?? project.contractTutorial ?? SwiftContractGenerator.defaultTutorial)
        let stages = BuildStage.all
        for (index, stage) in stages.enumerated() {
            Console.current.output("[\(index + 1)/\(stages.count)] \(stage.name)\n")
            try stage.run(context)
        }
    }
}
