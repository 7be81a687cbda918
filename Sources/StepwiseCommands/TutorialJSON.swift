import Foundation
import TutorialModel

/// Deterministic JSON of tutorial models: one object for one model, else an array, written one model
/// at a time (a whole repository's JSON is never held as one string).
enum TutorialJSON {
    static func encode(_ tutorials: [Tutorial]) throws -> String {
        var text = ""
        try write(tutorials) { text += $0 }
        return text
    }

    /// Writes the JSON in pieces, byte for byte what encoding the whole array at once gives.
    static func write(_ tutorials: [Tutorial], to output: (String) -> Void) throws {
        guard tutorials.count != 1 else { return output(try object(tutorials[0])) }
        guard !tutorials.isEmpty else { return output("[\n\n]") }
        output("[\n")
        for (index, tutorial) in tutorials.enumerated() {
            let indented = try object(tutorial).split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
            output(indented.joined(separator: "\n") + (index == tutorials.count - 1 ? "\n" : ",\n"))
        }
        output("]")
    }

    private static func object(_ tutorial: Tutorial) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(tutorial), as: UTF8.self)
    }
}
