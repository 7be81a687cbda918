import Foundation
import StepwiseTestSupport
import StepwiseWorkspace
import TutorialModel

/// Real models to hold a model's encodings to: the bundled content's (5 documents) and the corpus
/// samples' (4 and 48 real Azure articles, `fr-fr` their source locale), read once.
enum SampleModels {
    static let all: [Tutorial] = {
        var corpus = ProjectConfiguration()
        corpus.defaultLocale = "fr-fr"
        let samples = ["Tests/StepwiseCommandsTests/Fixtures/corpus-sample", "Tests/TutorialModelTests/CorpusSample"].map(RepositoryFiles.root.appendingPathComponent)
        var tutorials: [Tutorial] = []
        for (root, configuration) in [(RepositoryFiles.root, ProjectConfiguration())] + samples.map({ ($0, corpus) }) {
            tutorials += WorkspaceLoader(root: root, configuration: configuration).load([root.appendingPathComponent("content").path]).reported.compactMap(\.tutorial)
        }
        return tutorials
    }()

    /// A model with every optional of every type present and every list holding an element
    /// (`Fixtures/tutorial-json/full.json`).
    static let fullURL = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/tutorial-json/full.json")

    static let full: Tutorial = try! JSONDecoder().decode(Tutorial.self, from: Data(contentsOf: fullURL))
}
