/// Where a code sample's code comes from when a code reference (`[!code-…]`, `:::code:::`) pulls it
/// from a file of the repository: the file, the lines shown and the lines marked.
public struct CodeReferenceInfo: Hashable, Sendable, Codable {
    /// `!code` or `:::code`.
    public var syntax: String
    /// The path as written in the Markdown, with its query and fragment.
    public var written: String
    /// The code file, as shown in messages (relative to the working directory).
    public var path: String
    /// The file lines shown, as ranges (`3-5,9`); empty for an empty selection.
    public var lines: String
    /// The region or snippet tag shown, if one was named.
    public var region: String?
    /// Lines of the shown code to mark, counted from 1.
    public var highlight: [Int]

    public init(syntax: String, written: String, path: String, lines: String, region: String?, highlight: [Int]) {
        self.syntax = syntax
        self.written = written
        self.path = path
        self.lines = lines
        self.region = region
        self.highlight = highlight
    }

    /// `numbers` (ascending file lines) written as ranges: `[3, 4, 5, 9]` → `3-5,9`.
    public static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var start: Int?, previous: Int?
        for number in numbers + [Int.min] {
            if let first = start, let last = previous, number != last + 1 {
                parts.append(first == last ? "\(first)" : "\(first)-\(last)")
                start = nil
            }
            if number != Int.min, start == nil { start = number }
            previous = number
        }
        return parts.joined(separator: ",")
    }
}
