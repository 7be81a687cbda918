import CommonMark
import Foundation

/// An HTML block that is one ordered list (`<ol start="6"><li>…</li></ol>`), as DocFX documents
/// write a procedure's next steps when Markdown numbering would restart ("Workaround for Docs
/// conversion bug"): its items, each with its line and the number a browser shows.
struct HTMLOrderedList {
    struct Item {
        /// The line of the item's `<li>` tag.
        var line: Int
        var number: Int
        /// The item's content as written (raw HTML, shown sanitized).
        var html: String
        /// What a reader reads: tags removed, references decoded, white space collapsed.
        var text: String
    }

    var items: [Item]

    /// The list an HTML block holds, when the block is exactly one `<ol>` with `<li>` items.
    init?(html: String, firstLine: Int) {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let open = trimmed.prefixMatch(of: olOpenRegex), trimmed.lowercased().hasSuffix("</ol>") else { return nil }
        let start = open.output.start.flatMap { Int($0) } ?? 1
        let leading = html.prefix { $0.isWhitespace }.filter { $0 == "\n" }.count
        let body = trimmed[open.range.upperBound..<trimmed.index(trimmed.endIndex, offsetBy: -"</ol>".count)]
        var items: [Item] = []
        for match in body.matches(of: liRegex) {
            let inner = String(match.output.content)
            let line = firstLine + leading + trimmed[..<match.range.lowerBound].filter { $0 == "\n" }.count
            let text = HTMLEntities.decode(inner.replacing(tagRegex, with: " "))
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            items.append(Item(line: line, number: start + items.count, html: inner.trimmingCharacters(in: .whitespacesAndNewlines), text: text))
        }
        // Anything but items (and white space) between the tags: not a plain list.
        guard !items.isEmpty, body.replacing(liRegex, with: "").allSatisfy(\.isWhitespace) else { return nil }
        self.items = items
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let olOpenRegex = /<ol(?:\s+[^>]*?start\s*=\s*["']?(?<start>\d+)["']?)?[^>]*>/.ignoresCase()
nonisolated(unsafe) private let liRegex = /<li(?:\s[^>]*)?>(?<content>(?s:.*?))<\/li>/.ignoresCase()
nonisolated(unsafe) private let tagRegex = /<[^>]*>/
