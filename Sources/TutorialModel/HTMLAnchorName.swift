import StepwiseDiagnostics

/// Reads the name of an HTML anchor written in a heading (`## Title <a name="setup"></a>`).
///
/// Every heading's inline HTML is read, so the anchor is found by a scan of bytes instead of the
/// ICU pattern `<a\s+(?:name|id)="([^"]+)"` it answers exactly (kept as the oracle of the tests):
/// every character the pattern names is ASCII, and `\s` is Unicode's White_Space, read by scalar
/// past ASCII.
enum HTMLAnchorName {
    /// The value of the first `<a name="…"` or `<a id="…"` in `html`, or nil.
    static func first(in html: String) -> Substring? {
        let bytes = Array(html.utf8)
        var open = 0
        while open < bytes.count {
            if bytes[open] == UInt8(ascii: "<"), let value = value(after: open, in: bytes) {
                let start = html.utf8.index(html.startIndex, offsetBy: value.lowerBound)
                return html[start..<html.utf8.index(start, offsetBy: value.count)]
            }
            open += 1
        }
        return nil
    }

    private static let attributes = [Array("name=\"".utf8), Array("id=\"".utf8)]

    /// The byte range of the value when the `<` at `open` starts `<a`, spaces, `name="` or `id="`,
    /// a value, then `"`.
    private static func value(after open: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard open + 1 < bytes.count, bytes[open + 1] == UInt8(ascii: "a") else { return nil }
        var index = open + 2
        while index < bytes.count, let width = UTF8.whiteSpaceWidth(at: index, in: bytes) { index += width }
        guard index > open + 2 else { return nil }
        for attribute in attributes where bytes[index...].starts(with: attribute) {
            let valueStart = index + attribute.count
            guard let end = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")), end > valueStart else { return nil }
            return valueStart..<end
        }
        return nil
    }
}
