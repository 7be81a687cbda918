/// Code a writer put in a block quote (a note's sample) but wrote without the quote markers:
///
/// ```
/// > Example output:
/// > ```
/// Name : Result
/// Old Value : []
/// > ```
/// ```
///
/// CommonMark ends the quote, and its code block, at the first unquoted line (fenced code is never
/// a lazy continuation), so the code would become a paragraph and the closing fence would open
/// another code block. When a fence opened in a quote is closed by a fence in a quote at the same
/// depth, and the lines between that lack the markers are neither fences nor too many, those lines
/// are the code block's: the normalizer gives them the markers back.
public enum QuotedFence {
    /// Lines read at most after an opening fence to find its closing one.
    static let maximumLines = 400

    /// The unquoted code lines of the document (1-based), each with the markers it lacks (`> `).
    static func unquotedLines(_ lines: [String]) -> [Int: String] {
        var found: [Int: String] = [:]
        var topLevelFence: Fence?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            if let open = topLevelFence {
                if open.isClosed(by: line) { topLevelFence = nil }
                continue
            }
            if let fence = Fence(opening: line) {
                topLevelFence = fence
                continue
            }
            guard let (depth, content) = quoted(line), let fence = Fence(opening: content) else { continue }
            var unquoted: [Int] = []
            var closed = false
            var cursor = index
            while cursor < lines.count, cursor - index < maximumLines {
                let next = lines[cursor]
                if let (nextDepth, nextContent) = quoted(next) {
                    if nextDepth == depth, fence.isClosed(by: nextContent) { closed = true; break }
                } else {
                    if Fence(opening: next) != nil { break }
                    unquoted.append(cursor)
                }
                cursor += 1
            }
            guard closed, unquoted.contains(where: { !lines[$0].allSatisfy { $0 == " " || $0 == "\t" } }) else { continue }
            for line in unquoted {
                let blank = lines[line].allSatisfy { $0 == " " || $0 == "\t" }
                found[line + 1] = blank ? String(repeating: ">", count: depth) : String(repeating: "> ", count: depth)
            }
            index = cursor + 1
        }
        return found
    }

    /// The quote depth of a line in a block quote (`> > text`) and its text after the markers.
    static func quoted(_ line: String) -> (depth: Int, content: Substring)? {
        // Most lines are not quoted: past their spaces comes another byte than `>` (the character
        // there starts with that byte, and only `>` itself is `>`).
        guard line.utf8.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: ">") else { return nil }
        var rest = Substring(line)
        var depth = 0
        while true {
            let spaces = rest.prefix { $0 == " " }.count
            guard spaces < 4, rest.dropFirst(spaces).first == ">" else { break }
            rest = rest.dropFirst(spaces + 1)
            depth += 1
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return depth > 0 ? (depth, rest) : nil
    }
}
