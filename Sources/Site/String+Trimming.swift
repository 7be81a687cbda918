/// One of Foundation's string operations on the pages' hot paths, done on Swift's own storage:
/// Foundation bridges every call to `NSString` (a copy to UTF-16 and back), which made it a visible
/// part of a corpus build, called for every page, link and date (`trimmingWhitespaces()`, the other,
/// is shared: `StepwiseDiagnostics`).
extension String {
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
