import Foundation

/// An include path as DocFX reads it: backslashes are separators, percent-encoding is decoded, a
/// `?query` or `#fragment` is not part of the file, and `~/` starts at the docset root.
public struct IncludePath: Hashable, Sendable {
    /// The path with `/` separators, decoded, without query, fragment or `~/`.
    public var path: String
    /// True when the path was written from the docset root (`~/…`).
    public var fromDocsetRoot: Bool

    public init(_ written: String) {
        var text = written.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        text = text.removingPercentEncoding ?? text
        fromDocsetRoot = text.hasPrefix("~/") || text == "~"
        path = fromDocsetRoot ? String(text.dropFirst(min(2, text.count))) : text
    }

    /// The last path component: the include's file name.
    public var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }
}
