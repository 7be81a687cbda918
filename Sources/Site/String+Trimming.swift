/// Two of Foundation's string operations on the pages' hot paths, done on Swift's own storage:
/// Foundation bridges every call to `NSString` (a copy to UTF-16 and back), which made them a visible
/// part of a corpus build, called for every page, link and date.
extension String {
    /// `trimmingCharacters(in: .whitespaces)`: the whitespace scalars (`Unicode.Scalar.isBlank`)
    /// dropped from both ends.
    func trimmingWhitespaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, first.isBlank || last.isBlank else { return self }
        guard let start = scalars.firstIndex(where: { !$0.isBlank }), let end = scalars.lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(scalars[start...end])
    }

    /// `replacingOccurrences(of: target, with: replacement)` for the site's ASCII placeholders and
    /// separators (`{day}`, `\`, `&amp;`): every occurrence of `target`'s bytes, left to right, none
    /// overlapping. (Foundation compares with canonical equivalence: an ASCII target could only differ
    /// where a combining mark follows it.)
    func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard let lead = needle.first, utf8.contains(lead) else { return self }
        var result: [UInt8] = []
        var copied = 0
        var text = self
        let replaced = text.withUTF8 { bytes -> Bool in
            var index = 0
            while index + needle.count <= bytes.count {
                if bytes[index] == lead, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                    result.append(contentsOf: bytes[copied..<index])
                    result.append(contentsOf: replacement.utf8)
                    index += needle.count
                    copied = index
                } else {
                    index += 1
                }
            }
            guard copied > 0 else { return false }
            result.append(contentsOf: bytes[copied...])
            return true
        }
        return replaced ? String(decoding: result, as: UTF8.self) : self
    }
}

extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespaces` holds the scalar: the tab, and the space
    /// separators as CoreFoundation lists them (U+200B, no longer a space separator, among them).
    var isBlank: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
