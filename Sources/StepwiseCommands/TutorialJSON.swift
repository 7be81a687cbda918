import Foundation
import StepwiseDiagnostics
import TutorialModel

/// Deterministic JSON of tutorial models: one object for one model, else an array, written one model
/// at a time (a whole repository's JSON is never held as one string).
enum TutorialJSON {
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
        mutating func add(_ tutorials: [Tutorial]) {
            let elements = tutorials.concurrentMap { tutorial in String(decoding: PrettyJSON.bytes(of: tutorial, level: 1), as: UTF8.self) }
            for (tutorial, element) in zip(tutorials, elements) {
                if let pending {
                    output((count == 1 ? "[\n" : "") + pending.element + ",\n")
                }
                pending = (tutorial, element)
                count += 1
            }
        }

        /// Writes the last model and closes the array (`[` and `]` around nothing when none was given).
        func finish() {
            switch (count, pending) {
            case (1, let pending?): output(object(pending.tutorial))
            case (_, let pending?): output(pending.element + "\n]")
            default: output("[\n\n]")
            }
        }
    }

    private static func object(_ tutorial: Tutorial) -> String {
        String(decoding: PrettyJSON.bytes(of: tutorial), as: UTF8.self)
    }
}
