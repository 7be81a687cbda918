import DocFXDialect
public import Foundation
public import StepwiseDiagnostics
import TutorialModel

extension SwiftContractGenerator {
    /// The source tutorial of the bundled content, relative to the content root.
    public static let defaultTutorial = "en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    /// Reads `tutorial` below `contentRoot` and generates its contract. Paths in headers and citations
    /// are relative to the content root's parent (`content/en-us/…`), whatever the working directory.
    public func generate(contentRoot: URL, tutorial: String = defaultTutorial) throws(StepwiseError) -> ContractOutput {
        let root = contentRoot.standardizedFileURL
        let loader = DocumentLoader(workingDirectory: root.deletingLastPathComponent(), defaultLocale: "en-us", contentRoot: root)
        let model = try TutorialExtractor(loader: loader).extract(root.appendingPathComponent(tutorial))
        return generate(from: model, sourcePath: model.source)
    }

    /// The files in `directory` that differ from a fresh generation from `contentRoot`.
    public func staleFiles(in directory: URL, contentRoot: URL, tutorial: String = defaultTutorial) throws -> [StaleFile] {
        try StaleFileVerifier(directory: directory).staleFiles(comparedWith: generate(contentRoot: contentRoot, tutorial: tutorial).files)
    }
}
