#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An include line: `[!INCLUDE [name](path)]`, `[AZURE.INCLUDE [name](path)]` or `[WACOM.INCLUDE [name](path)]`.
public struct IncludeDirective: Hashable, Sendable, Codable {
    /// The spelling used: `!INCLUDE`, `AZURE.INCLUDE` or `WACOM.INCLUDE`.
    public var syntax: String
    public var name: String
    /// The path as written, relative to the including file.
    public var path: String
    public var line: Int
    public var column: Int

    public init(syntax: String, name: String, path: String, line: Int, column: Int) {
        self.syntax = syntax
        self.name = name
        self.path = path
        self.line = line
        self.column = column
    }

    nonisolated(unsafe) private static let pattern = /^(?<lead>[ \t>]*(?:(?:\d{1,9}[.)]|[-*+])[ \t]+)?)\[(?<syntax>!INCLUDE|[A-Z]+\.INCLUDE)\s*\[(?<name>[^\]]*)\]\((?<path>[^)\s]*)\s*(?:"[^"]*")?\)\s*\](?<rest>.*)$/
        .ignoresCase()

    nonisolated(unsafe) private static let inlinePattern = /\[(?<syntax>!INCLUDE|[A-Z]+\.INCLUDE)\s*\[(?<name>[^\]]*)\]\((?<path>[^)\s]*)\s*(?:"[^"]*")?\)\s*\]/
        .ignoresCase()

    /// Parses an include directive that starts a line (leading spaces and `>` allowed) or a list item
    /// (`3. [!INCLUDE …]`: the item's content is the included file's); text after it on the same
    /// line (138 times in the corpus) stays prose, shown after the included content. A directive
    /// written after text (`Check these URLs: [!INCLUDE …]`, an inline include to DocFX) is one too:
    /// the text before it is read before the included content. Not inside a code span.
    public static func parse(_ line: String, number: Int) -> IncludeDirective? {
        guard mayHoldDirective(line) else { return nil }
        if case .decided(let directive) = parseByBytes(line, number: number) { return directive }
        return parseByPatterns(line, number: number)
    }

    /// `parse` by the patterns, by characters.
    static func parseByPatterns(_ line: String, number: Int) -> IncludeDirective? {
        // A match's `output` is built anew on each access (a tenth of the match's cost): read once.
        if let output = line.wholeMatch(of: pattern)?.output {
            return IncludeDirective(
                syntax: String(output.syntax).uppercased(),
                name: String(output.name).trimmingSpaces,
                path: String(output.path),
                line: number,
                column: output.lead.utf8.count + 1)
        }
        guard let match = line.firstMatch(of: inlinePattern),
            line[..<match.range.lowerBound].utf8.filter({ $0 == UInt8(ascii: "`") }).count.isMultiple(of: 2)
        else { return nil }
        let output = match.output
        return IncludeDirective(
            syntax: String(output.syntax).uppercased(),
            name: String(output.name).trimmingSpaces,
            path: String(output.path),
            line: number,
            column: line.utf8.distance(from: line.startIndex, to: match.range.lowerBound) + 1)
    }

    /// Whether `line` may hold a directive: `include`, in any case (as the patterns read it), right
    /// after `!` or `.` — not every line with the word. Each `!` and `.` is found with `memchr`.
    static func mayHoldDirective(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count >= 8 else { return false }
            for mark in [UInt8(ascii: "!"), UInt8(ascii: ".")] {
                var offset = 0
                while offset < bytes.count - 7, let found = memchr(base + offset, Int32(mark), bytes.count - 7 - offset) {
                    let at = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if isInclude(bytes, at + 1) { return true }
                    offset = at + 1
                }
            }
            return false
        }
    }

    /// Whether the seven bytes at `offset` spell `include` in any ASCII case.
    private static func isInclude(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Bool {
        bytes[offset] | 0x20 == UInt8(ascii: "i") && bytes[offset + 1] | 0x20 == UInt8(ascii: "n") && bytes[offset + 2] | 0x20 == UInt8(ascii: "c")
            && bytes[offset + 3] | 0x20 == UInt8(ascii: "l") && bytes[offset + 4] | 0x20 == UInt8(ascii: "u") && bytes[offset + 5] | 0x20 == UInt8(ascii: "d")
            && bytes[offset + 6] | 0x20 == UInt8(ascii: "e")
    }
}
