import Foundation
import StepwiseDiagnostics

/// ASCII `id`s for HTML: anchors that every tool and URL handles without escaping.
enum HTMLIdentifier {
    /// `Übersicht` → `ubersicht`; runs of other characters become one `-`.
    static func make(_ text: String, fallback: String) -> String {
        // Folding ASCII only lower-cases it: most headings and names skip Foundation's folding.
        let folded = text.isAllASCII ? text.lowercased()
            : text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result: [UInt8] = []
        result.reserveCapacity(folded.utf8.count)
        for byte in folded.utf8 {
            if byte.isASCIIAlphanumeric {
                result.append(byte)
            } else if result.last.map({ $0 != UInt8(ascii: "-") }) ?? false {
                result.append(UInt8(ascii: "-"))
            }
        }
        while result.last == UInt8(ascii: "-") { result.removeLast() }
        return result.isEmpty ? fallback : String(decoding: result, as: UTF8.self)
    }

    /// `id`, or `id-2`, `id-3`, … when `used` already holds it; records the result.
    static func unique(_ id: String, in used: inout Set<String>) -> String {
        var candidate = id
        var number = 2
        while used.contains(candidate) {
            candidate = "\(id)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
