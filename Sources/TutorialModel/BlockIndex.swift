import CommonMark
import DocFXDialect
import Foundation

/// For every line of a document, the innermost leaf block that holds it.
struct BlockIndex {
    /// A paragraph, code block, heading, HTML block, thematic break or table, with its context.
    struct Leaf {
        var id: Int
        var kind: MarkdownNode.Kind
        var firstLine: Int
        var lastLine: Int
        /// The column its text starts at on its first line, 1-based (after any list marker).
        var firstColumn: Int = 1
        /// Inside a block quote (an alert or a quotation).
        var inBlockQuote: Bool
        /// Inside a list item that is not a top-level item.
        var inNestedItem: Bool
        /// The code a reader sees, where the block's lines carry markup around it: a code block in a
        /// quote (CommonMark's text, without the `>` markers), or an HTML `<pre>` block (its text,
        /// tags removed and character references decoded).
        var readCode: String?
        /// A code block opened by a fence (also in a quote, `> ````), read once: every line of the
        /// block asks.
        var isFenced = false

        /// An HTML `<pre>` block: code, not prose.
        var isPreformatted: Bool { kind == .htmlBlock && readCode != nil }

        var isCodeBlock: Bool {
            if case .codeBlock = kind { return true }
            return false
        }

        var isParagraph: Bool { kind == .paragraph }
    }

    private(set) var leaves: [Leaf] = []
    private var leafByLine: [Int: Int] = [:]

    /// The document's lines as cmark read them (1-based line n is `lines[n - 1]`).
    private let lines: [String]

    init(tree: MarkdownNode, lines: [String]) {
        self.lines = lines
        collect(tree, inBlockQuote: false, itemDepth: 0)
    }

    /// A fence line, also inside a block quote (`> ````).
    static func isFenceLine(_ text: String) -> Bool {
        Fence(opening: text.drop { $0 == " " || $0 == "\t" || $0 == ">" }) != nil
    }

    /// Line `number`'s text as cmark read it, empty past the end.
    private func line(_ number: Int) -> String {
        lines.indices.contains(number - 1) ? lines[number - 1] : ""
    }

    private func isBlank(_ line: Int) -> Bool {
        line > lines.count || lines[line - 1].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The text of an HTML block that is one `<pre>` element (`<pre><code>…</code></pre>`): its
    /// content without tags (`<b>` emphasis inside is shown as text), references decoded, and the
    /// line breaks right after the opening and before the closing tags dropped.
    static func preformattedText(_ html: String) -> String? {
        let trimmed = html.drop { $0 == " " || $0 == "\t" }
        guard trimmed.prefix(4).lowercased() == "<pre", let open = trimmed.firstIndex(of: ">"),
            let close = trimmed.range(of: "</pre>", options: .caseInsensitive, range: open..<trimmed.endIndex)
        else { return nil }
        // Only the element: text after `</pre>` on its line is not code.
        guard trimmed[close.upperBound...].allSatisfy(\.isWhitespace) else { return nil }
        var inner = String(trimmed[trimmed.index(after: open)..<close.lowerBound])
        inner = inner.replacing(preTagRegex, with: "")
        if inner.hasPrefix("\n") { inner.removeFirst() }
        while let last = inner.last, last == " " || last == "\t" { inner.removeLast() }
        if inner.hasSuffix("\n") { inner.removeLast() }
        return HTMLEntities.decode(inner) + "\n"
    }

    func leaf(atLine line: Int) -> Leaf? {
        leafByLine[line].map { leaves[$0] }
    }

    private mutating func collect(_ node: MarkdownNode, inBlockQuote: Bool, itemDepth: Int) {
        switch node.kind {
        case .paragraph, .codeBlock, .heading, .htmlBlock, .thematicBreak, .table:
            guard let range = node.range else { return }
            var last = range.end.line
            // cmark ends an indented code block on the following blank line at column 0; a fence
            // left open at the end of the file ends on its last line of code, which stays.
            // Blank lines (spaces only, also) that end a code block's range are not code.
            if case .codeBlock = node.kind {
                while last > range.start.line, isBlank(last) { last -= 1 }
            }
            var leaf = Leaf(
                id: leaves.count, kind: node.kind, firstLine: range.start.line, lastLine: max(range.start.line, last),
                inBlockQuote: inBlockQuote, inNestedItem: itemDepth > 1)
            leaf.firstColumn = range.start.column
            if case .codeBlock = node.kind { leaf.isFenced = Self.isFenceLine(line(leaf.firstLine)) }
            if inBlockQuote, case .codeBlock = node.kind { leaf.readCode = node.literal }
            if node.kind == .htmlBlock { leaf.readCode = Self.preformattedText(node.literal) }
            leaves.append(leaf)
            for line in leaf.firstLine...leaf.lastLine where leafByLine[line] == nil {
                leafByLine[line] = leaf.id
            }
        case .blockQuote:
            node.children.forEach { collect($0, inBlockQuote: true, itemDepth: itemDepth) }
        case .item:
            node.children.forEach { collect($0, inBlockQuote: inBlockQuote, itemDepth: itemDepth + 1) }
        default:
            node.children.forEach { collect($0, inBlockQuote: inBlockQuote, itemDepth: itemDepth) }
        }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let preTagRegex = /<\/?[A-Za-z][^<>]*>/
