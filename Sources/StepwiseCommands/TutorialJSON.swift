import Foundation
import TutorialModel

/// Deterministic JSON of tutorial models.
enum TutorialJSON {
    static func encode(_ tutorials: [Tutorial]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = tutorials.count == 1 ? try encoder.encode(tutorials[0]) : try encoder.encode(tutorials)
        return String(decoding: data, as: UTF8.self)
    }
}
