/// `trimmingCharacters(in: .whitespaces)` done on Swift's own storage: Foundation bridges every call
/// to `NSString` (a copy to UTF-16 and back), which made it a visible part of a corpus build, called
/// for every page, link, date and table-of-contents entry.
extension String {
    /// The whitespace scalars (`Unicode.Scalar.isBlank`) dropped from both ends; the string itself,
    /// uncopied, when neither end is one.
    public func trimmingWhitespaces() -> String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last, first.isBlank || last.isBlank else { return self }
        return self[...].trimmingWhitespaces()
    }
}

extension Substring {
    /// The whitespace scalars (`Unicode.Scalar.isBlank`) dropped from both ends.
    public func trimmingWhitespaces() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isBlank }), let end = scalars.lastIndex(where: { !$0.isBlank }) else { return "" }
        return String(scalars[start...end])
    }
}

extension Unicode.Scalar {
    /// Whether Foundation's `CharacterSet.whitespaces` holds the scalar: the tab, and the space
    /// separators as CoreFoundation lists them (U+200B, no longer a space separator, among them).
    public var isBlank: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
