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
    /// Per language (`fr`): the words an item of a list of things opens with (articles).
    var descriptiveOpeners: [String: [String]] = [:]
    /// Per language: phrases that open with an article but introduce a circumstance ("une fois").
    var descriptiveExceptions: [String: [String]] = [:]
    /// How a sentence announces a number of alternatives, in one language.
    struct Alternatives: Decodable, Sendable {
        /// "there are", "il existe".
        var existentials: [String]
        /// The words for two, three, … in order.
        var counts: [String]
        /// Words for steps: a count of steps announces a procedure, not alternatives.
        var stepWords: [String]
    }

    /// Per language: how a sentence announces alternatives before a numbered list.
    var alternativesLeadIns: [String: Alternatives] = [:]
    /// Per language: a pattern for a sentence saying what the reader needs before a numbered list.
    var requirementsLeadIns: [String: String] = [:]

    init(actions: [ActionWords], gluedPrefixes: [String]) {
        self.actions = actions
        self.gluedPrefixes = gluedPrefixes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        actions = try container.decode([ActionWords].self, forKey: .actions)
        gluedPrefixes = try container.decode([String].self, forKey: .gluedPrefixes)
        descriptiveOpeners = try container.decodeIfPresent([String: [String]].self, forKey: .descriptiveOpeners) ?? [:]
        descriptiveExceptions = try container.decodeIfPresent([String: [String]].self, forKey: .descriptiveExceptions) ?? [:]
        alternativesLeadIns = try container.decodeIfPresent([String: Alternatives].self, forKey: .alternativesLeadIns) ?? [:]
        requirementsLeadIns = try container.decodeIfPresent([String: String].self, forKey: .requirementsLeadIns) ?? [:]
    }

    private enum CodingKeys: String, CodingKey {
        case actions, gluedPrefixes, descriptiveOpeners, descriptiveExceptions, alternativesLeadIns, requirementsLeadIns
    }

    /// The vocabulary bundled with the module.
    static let bundled: StepVocabulary = {
        guard let url = Bundle.module.url(forResource: "step-vocabulary", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let vocabulary = try? JSONDecoder().decode(StepVocabulary.self, from: data)
        else { return StepVocabulary(actions: [], gluedPrefixes: []) }
        return vocabulary
    }()
}
