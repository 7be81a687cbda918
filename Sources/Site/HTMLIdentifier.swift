import Foundation

/// ASCII `id`s for HTML: anchors that every tool and URL handles without escaping.
enum HTMLIdentifier {
    /// `Übersicht` → `ubersicht`; runs of other characters become one `-`.
    static func make(_ text: String, fallback: String) -> String {
        let folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        var result = ""
        for scalar in folded.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-"), !result.isEmpty {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? fallback : result
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
