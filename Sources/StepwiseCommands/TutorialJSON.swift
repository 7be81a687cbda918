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
        /// Takes the JSON's bytes (UTF-8), about a megabyte at a time: a repository's models are
        /// hundreds of megabytes, written as the encoder makes them, never made a string.
        var output: ([UInt8]) -> Void
        /// How many models were given.
        private(set) var count = 0
        /// The last model given, and its encoding as an element of the array.
        private var pending: (tutorial: Tutorial, element: [UInt8])?
        /// What is written but not yet handed to `output`.
        private var buffer: [UInt8] = []
        static let flushSize = 1 << 20

        init(output: @escaping ([UInt8]) -> Void) {
            self.output = output
        }

        /// Encodes `tutorials` on all cores and writes every model before the last one given.
        mutating func add(_ tutorials: [Tutorial]) {
            let elements = tutorials.concurrentMap { tutorial in PrettyJSON.bytes(of: tutorial, level: 1) }
            for (tutorial, element) in zip(tutorials, elements) {
                if let pending {
                    buffer += (count == 1 ? "[\n" : "").utf8
                    buffer += pending.element
                    buffer += ",\n".utf8
                    if buffer.count >= Self.flushSize { flush() }
                }
                pending = (tutorial, element)
                count += 1
            }
        }

        /// Writes the last model and closes the array (`[` and `]` around nothing when none was given).
        mutating func finish() {
            switch (count, pending) {
            case (1, let pending?): buffer += PrettyJSON.bytes(of: pending.tutorial)
            case (_, let pending?): buffer += pending.element + "\n]".utf8
            default: buffer += "[\n\n]".utf8
            }
            flush()
        }

        private mutating func flush() {
            guard !buffer.isEmpty else { return }
            output(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
