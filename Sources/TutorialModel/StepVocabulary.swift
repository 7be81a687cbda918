import Foundation

/// Data-driven words for reading step text: action verbs and glued machine-translation prefixes.
struct StepVocabulary: Decodable, Sendable {
    struct ActionWords: Decodable, Sendable {
        var action: String
        var words: [String]
    }

    var actions: [ActionWords]
    /// Words that corrupted sources glue to the next word (`tooViewController.h`).
    var gluedPrefixes: [String]

    /// The vocabulary bundled with the module.
    static let bundled: StepVocabulary = {
        guard let url = Bundle.module.url(forResource: "step-vocabulary", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let vocabulary = try? JSONDecoder().decode(StepVocabulary.self, from: data)
        else { return StepVocabulary(actions: [], gluedPrefixes: []) }
        return vocabulary
    }()
}
