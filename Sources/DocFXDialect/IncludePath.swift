import Foundation
import StepwiseDiagnostics

/// An include path as DocFX reads it: backslashes are separators, percent-encoding is decoded, a
/// `?query` or `#fragment` is not part of the file, and `~/` starts at the docset root.
public struct IncludePath: Hashable, Sendable {
    /// The path with `/` separators, decoded, without query, fragment or `~/`.
    public var path: String
    /// True when the path was written from the docset root (`~/…`).
    public var fromDocsetRoot: Bool

    public init(_ written: String) {
        var text = written
        // Foundation's trimming, replacing and decoding cost more than the rest of resolving a path,
        // and most paths need none of them: ASCII with neither end blank, no `\` and no `%`.
        let plain = written.isASCIIWithoutBlankEnds
        if !plain || written.utf8.contains(UInt8(ascii: "\\")) {
            text = written.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
        }
        // In ASCII text each byte is a character (bar CR LF), so the bytes find the first `?` or `#`.
        if plain, let cut = text.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            text = String(text[..<cut])
        } else if !plain, let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            text = String(text[..<cut])
        }
        if text.utf8.contains(UInt8(ascii: "%")) { text = text.removingPercentEncoding ?? text }
        fromDocsetRoot = text.hasPrefix("~/") || text == "~"
        path = fromDocsetRoot ? String(text.dropFirst(min(2, text.count))) : text
    }

    /// The last path component: the include's file name.
    public var fileName: String {
        path.slashSeparatedParts().last.map(String.init) ?? ""
    }
}
