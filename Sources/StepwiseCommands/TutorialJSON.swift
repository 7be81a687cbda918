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
                Result { try indented(objectBytes(tutorial)) }
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
        String(decoding: try objectBytes(tutorial), as: UTF8.self)
    }

    private static func objectBytes(_ tutorial: Tutorial) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(tutorial)
    }

    /// Pretty-printed JSON one level deeper, as an element of the array: two spaces before every
    /// line but the empty ones (JSON text holds no line break but between its lines).
    static func indented(_ json: Data) -> String {
        let newline = UInt8(ascii: "\n")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.count + json.count / 4)
        json.withUnsafeBytes { (source: UnsafeRawBufferPointer) in
            var lineStart = true
            for byte in source {
                if lineStart && byte != newline {
                    bytes.append(0x20)
                    bytes.append(0x20)
                }
                bytes.append(byte)
                lineStart = byte == newline
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
