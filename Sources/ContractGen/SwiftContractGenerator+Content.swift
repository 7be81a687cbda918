import DocFXDialect
public import Foundation
public import StepwiseDiagnostics
import TutorialModel

extension SwiftContractGenerator {
    /// Reads `tutorial` below `contentRoot` and generates its contract. Paths in headers and citations
    /// are relative to the content root's parent (`content/en-us/…`), whatever the working directory.
    /// The tutorial's own locale folder (its first path component) is the locale includes fall back to.
    public func generate(contentRoot: URL, tutorial: String) throws(StepwiseError) -> ContractOutput {
        let root = contentRoot.standardizedFileURL
        let locale = tutorial.split(separator: "/").first.map(String.init) ?? ""
        let loader = DocumentLoader(workingDirectory: root.deletingLastPathComponent(), defaultLocale: locale, contentRoot: root)
        let model = try TutorialExtractor(loader: loader).extract(root.appendingPathComponent(tutorial))
        return generate(from: model, sourcePath: model.source)
    }

    /// The files in `directory` that differ from a fresh generation from `contentRoot`.
    public func staleFiles(in directory: URL, contentRoot: URL, tutorial: String) throws -> [StaleFile] {
        try StaleFileVerifier(directory: directory).staleFiles(comparedWith: generate(contentRoot: contentRoot, tutorial: tutorial).files)
    }
}
