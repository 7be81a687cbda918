import Foundation
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// The tutorial the Swift contract is generated from (`contract.tutorial`), taken from the workspace:
/// read and modelled once, like every other document.
struct ContractSource {
    var workspace: Workspace
    /// Relative to the content root.
    var path: String?

    /// The file of the tutorial at `path` below `contentRoot` (nil: `<root>/content`): where
    /// `tutorial()` looks it up, and the document a check that drops models keeps whole for it.
    static func url(of path: String, contentRoot: URL?, root: URL) -> URL {
        (contentRoot ?? root.appendingPathComponent("content")).appendingPathComponent(path).standardizedFileURL
    }

    /// The configured tutorial's model; a missing or unreadable tutorial is an error of the configuration.
    func tutorial() throws -> Tutorial {
        guard let path else { throw InputFailure() }
        if let tutorial = workspace.document(at: Self.url(of: path, contentRoot: workspace.contentRoot, root: workspace.root))?.tutorial {
            return tutorial
        }
        let content = workspace.contentRoot ?? workspace.root.appendingPathComponent("content")
        let location = SourceLocation(path: workspace.configuration.displayPath ?? ProjectConfiguration.fileName)
        throw InputFailure(.error(
            "contract-tutorial-missing", at: location, "contract.tutorial '\(path)' is not a readable document below \(content.path)",
            fix: "name a tutorial below the content root, or remove contract.tutorial to skip the contract stage"))
    }
}
