import Foundation
import StepwiseDiagnostics
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
        for start in stride(from: 0, to: tutorials.count, by: batch) {
            let end = min(start + batch, tutorials.count)
            let pieces = Array(tutorials[start..<end]).concurrentMap { tutorial in
                Result { String(decoding: try SortedJSONEncoder.encode(tutorial, indentation: 1), as: UTF8.self) }
            }
            for (offset, piece) in pieces.enumerated() {
                output(try piece.get() + (start + offset == tutorials.count - 1 ? "\n" : ",\n"))
            }
        }
        output("]")
    }

    /// Models encoded at once, on all cores; written in order.
    private static let batch = 64

    private static func object(_ tutorial: Tutorial) throws -> String {
        String(decoding: try SortedJSONEncoder.encode(tutorial), as: UTF8.self)
    }
}
