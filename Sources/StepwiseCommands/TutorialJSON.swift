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
    static func write(_ tutorials: [Tutorial], to output: @escaping (String) -> Void) throws {
        var writer = Writer(output: output)
        for start in stride(from: 0, to: tutorials.count, by: batch) {
            try writer.add(Array(tutorials[start..<min(start + batch, tutorials.count)]))
        }
        try writer.finish()
    }

    /// Writes the JSON of models given a batch at a time, in order, holding none of them but the
    /// last: one model alone is an object, several an array, so the last one is written only when
    /// the next one (or `finish`) says which.
    struct Writer {
        var output: (String) -> Void
        /// How many models were given.
        private(set) var count = 0
        /// The last model given, and its encoding as an element of the array.
        private var pending: (tutorial: Tutorial, element: String)?

        init(output: @escaping (String) -> Void) {
            self.output = output
        }

        /// Encodes `tutorials` on all cores and writes every model before the last one given.
        mutating func add(_ tutorials: [Tutorial]) throws {
            let pieces = tutorials.concurrentMap { tutorial in
                Result { String(decoding: try SortedJSONEncoder.encode(tutorial, indentation: 1), as: UTF8.self) }
            }
            for (tutorial, piece) in zip(tutorials, pieces) {
                let element = try piece.get()
                if let pending {
                    output((count == 1 ? "[\n" : "") + pending.element + ",\n")
                }
                pending = (tutorial, element)
                count += 1
            }
        }

        /// Writes the last model and closes the array (`[` and `]` around nothing when none was given).
        func finish() throws {
            switch (count, pending) {
            case (1, let pending?): output(try object(pending.tutorial))
            case (_, let pending?): output(pending.element + "\n]")
            default: output("[\n\n]")
            }
        }
    }

    /// Models encoded at once, on all cores; written in order.
    private static let batch = 64

    private static func object(_ tutorial: Tutorial) throws -> String {
        String(decoding: try SortedJSONEncoder.encode(tutorial), as: UTF8.self)
    }
}
