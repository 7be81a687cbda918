import CommonMark
import DocFXDialect

extension FragmentExtractor {
    /// The prose among `blocks`: paragraphs and list items that hold no code and are not directives.
    /// A list right after an `[AZURE.SELECTOR]` quote is the selector's, shown once as the platform
    /// selector, not again as prose. Where `stepBlocks` is given (a section's own blocks), the blocks
    /// at those offsets (procedure lists, Markdown or HTML) are the section's steps, not prose, and
    /// headings are sections; elsewhere (in a step, an alert) every list is prose.
    func prose(in blocks: [MarkdownNode], excluding code: [ClosedRange<Int>], stepBlocks: Set<Int>? = nil) -> [Paragraph] {
        blocks.enumerated().flatMap { index, block -> [Paragraph] in
            if index > 0, AlertReader.isSelectorList(block, after: blocks[index - 1]) { return [] }
            if let stepBlocks {
                if stepBlocks.contains(index) { return [] }
                if case .heading = block.kind { return [] }
            }
            if case .list(let info) = block.kind { return listBlocks(block, info: info, depth: 0, excluding: code) }
            return single(block, excluding: code)
        }
    }

    /// A paragraph, a table, an HTML block with visible text, or a heading inside a quote or a list
    /// item, as prose (a paragraph with an include directive after its text is two: before and after).
    private func single(_ block: MarkdownNode, excluding code: [ClosedRange<Int>]) -> [Paragraph] {
        switch block.kind {
        case .paragraph: paragraphs(block, excluding: code)
        case .heading(let level):
            paragraphs(block, excluding: code).map { paragraph in
                var heading = paragraph
                heading.heading = level
                return heading
            }
        case .table: table(block, excluding: code).map { [$0] } ?? []
        case .htmlBlock: htmlBlock(block, excluding: code).map { [$0] } ?? []
        default: []
        }
    }

    /// Every block of every item of a prose list, nested lists included, each placed in the list.
    /// Code in an item is a sample (not prose); quotes in an item are alerts.
    private func listBlocks(_ list: MarkdownNode, info: MarkdownNode.ListInfo, depth: Int, excluding code: [ClosedRange<Int>]) -> [Paragraph] {
        let numbered = list.children.enumerated().map { index, item in (item, (info.ordered ? info.start : 1) + index) }
        return itemBlocks(numbered, ordered: info.ordered, depth: depth, excluding: code)
    }

    /// Every block of the given items (each with the number it shows), nested lists included.
    func itemBlocks(_ items: [(item: MarkdownNode, number: Int)], ordered: Bool, depth: Int, excluding code: [ClosedRange<Int>]) -> [Paragraph] {
        items.flatMap { item, number -> [Paragraph] in
            var blocks: [Paragraph] = []
            var opened = false
            for child in item.children {
                if case .list(let nested) = child.kind {
                    blocks += listBlocks(child, info: nested, depth: depth + 1, excluding: code)
                    continue
                }
                for var paragraph in single(child, excluding: code) {
                    paragraph.listItem = true
                    paragraph.list = ListPlacement(depth: depth, ordered: ordered, number: number, continuation: opened)
                    opened = true
                    blocks.append(paragraph)
                }
            }
            return blocks
        }
    }

    /// The lines of every code sample, to keep code that CommonMark read as prose out of the prose.
    func codeLines(_ samples: [CodeSample]) -> [ClosedRange<Int>] {
        samples.filter { $0.origin.path == document.file.path && $0.reference == nil }.map { $0.line...max($0.line, $0.endLine) }
    }

    /// A paragraph as prose; with an include directive after its text (an inline include), the text
    /// before the directive and the text after it (read after the included content), each as a
    /// paragraph.
    private func paragraphs(_ node: MarkdownNode, excluding code: [ClosedRange<Int>]) -> [Paragraph] {
        guard let range = node.range else { return [] }
        let lines = range.start.line...max(range.start.line, range.end.line)
        if code.contains(where: { $0.overlaps(lines) }) { return proseAroundCode(node, lines: lines, code: code) }
        guard let whole = paragraph(node, children: node.children, line: range.start.line) else { return [] }
        // A paragraph on no include directive's line (most) is not read again for one.
        guard let line = lines.first(where: includeLines.contains),
            !Self.isIncludeDirective(InlineSpan.spans(of: node.children).map(\.text).joined().trimmingSpaces),
            let split = Self.splitAtIncludeDirective(whole.inlines)
        else { return [whole] }
        var before = whole
        before.inlines = split.before
        before.beforeInclude = true
        var after = Paragraph(line: line, origin: origin(line), listItem: whole.listItem, inlines: split.after)
        after.indented = whole.indented
        return [before, after].filter { !$0.inlines.map(\.text).joined().trimmingSpaces.isEmpty }
    }

    /// The inlines before an include directive written after text (`URLs: [!INCLUDE [a](a.md)] …`)
    /// and those after it, or nil without one.
    static func splitAtIncludeDirective(_ inlines: [InlineSpan]) -> (before: [InlineSpan], after: [InlineSpan])? {
        for index in inlines.indices where inlines[index].kind == .link && index > 0 && index + 1 < inlines.count {
            let next = inlines[index + 1]
            guard next.kind == .text, next.text.drop(while: { $0 == " " }).hasPrefix("]") else { continue }
            let previous = inlines[index - 1]
            guard previous.kind == .text, let opening = previous.text.firstMatch(of: inlineIncludeOpeningRegex) else { continue }
            var before = Array(inlines[..<(index - 1)])
            let lead = String(previous.text[..<opening.range.lowerBound])
            if !lead.isEmpty { before.append(InlineSpan(kind: .text, text: lead)) }
            var after = Array(inlines[(index + 1)...])
            after[0].text = String(next.text.drop(while: { $0 == " " }).dropFirst())
            if after[0].text.isEmpty { after.removeFirst() }
            return (before, after)
        }
        return nil
    }

    /// The prose of a paragraph CommonMark folded code into: its runs of lines outside the code
    /// samples (and outside fence lines read as text), each a paragraph on its own first line.
    private func proseAroundCode(_ node: MarkdownNode, lines: ClosedRange<Int>, code: [ClosedRange<Int>]) -> [Paragraph] {
        let groups = Self.lineGroups(of: node.children)
        var result: [Paragraph] = []
        var run: [MarkdownNode] = []
        var runStart: Int?
        func flush() {
            if let start = runStart, let paragraph = paragraph(node, children: run, line: start) { result.append(paragraph) }
            run = []
            runStart = nil
        }
        for (offset, group) in groups.enumerated() {
            let line = lines.lowerBound + offset
            let text = document.normalized.normalizedLine(line).trimmingSpaces
            if code.contains(where: { $0.contains(line) }) || Fence(opening: text) != nil || (line > lines.upperBound) {
                flush()
                continue
            }
            if runStart == nil { runStart = line } else { run.append(MarkdownNode(kind: .softBreak, range: nil)) }
            run += group
        }
        flush()
        return result
    }

    /// A paragraph's inlines line by line: the groups its line breaks separate.
    static func lineGroups(of children: [MarkdownNode]) -> [[MarkdownNode]] {
        var groups: [[MarkdownNode]] = [[]]
        for child in children {
            if child.kind == .softBreak || child.kind == .lineBreak {
                groups.append([])
            } else {
                groups[groups.count - 1].append(child)
            }
        }
        return groups
    }

    private func paragraph(_ node: MarkdownNode, children: [MarkdownNode], line: Int) -> Paragraph? {
        guard let range = node.range else { return nil }
        var inlines = InlineSpan.spans(of: children)
        var text = inlines.map(\.text).joined().trimmingSpaces
        if Self.isIncludeDirective(text) {
            inlines = Self.afterIncludeDirective(inlines)
            text = inlines.map(\.text).joined().trimmingSpaces
        }
        guard !text.isEmpty || inlines.contains(where: { $0.kind == .image }) else { return nil }
        if let video = Self.video(text) {
            inlines = [InlineSpan(kind: .text, text: "▶ "), InlineSpan(kind: .link, text: video, destination: video)]
        }
        var paragraph = Paragraph(line: line, origin: origin(line), listItem: false, inlines: inlines)
        paragraph.indented = range.start.column > 1
        return paragraph
    }

    /// The inlines after an include directive that starts a paragraph (`[!INCLUDE [name](path)]`
    /// reads as text, a link, then text starting with `]`): the text written after the directive.
    static func afterIncludeDirective(_ inlines: [InlineSpan]) -> [InlineSpan] {
        guard let link = inlines.firstIndex(where: { $0.kind == .link }), link + 1 < inlines.count,
            inlines[link + 1].kind == .text, inlines[link + 1].text.hasPrefix("]")
        else { return [] }
        var rest = Array(inlines[(link + 1)...])
        rest[0].text = String(rest[0].text.dropFirst().drop { $0 == " " || $0 == "\t" })
        if rest[0].text.isEmpty { rest.removeFirst() }
        return rest
    }

    private func table(_ node: MarkdownNode, excluding code: [ClosedRange<Int>]) -> Paragraph? {
        guard let range = node.range, let table = Table(node) else { return nil }
        guard !code.contains(where: { $0.overlaps(range.start.line...max(range.start.line, range.end.line)) }) else { return nil }
        return Paragraph(line: range.start.line, origin: origin(range.start.line), listItem: false, inlines: table.flattened, table: table)
    }

    /// An HTML block with text a reader sees (an HTML table, a `<pre>`, a `<p>`), kept as raw HTML for
    /// the site to sanitize; anchors, breaks and platform-selector `<div>`s are not prose.
    private func htmlBlock(_ node: MarkdownNode, excluding code: [ClosedRange<Int>]) -> Paragraph? {
        guard let range = node.range, AlertReader.selector(fromHTML: node.literal, origin: origin(range.start.line)) == nil else { return nil }
        guard !code.contains(where: { $0.overlaps(range.start.line...max(range.start.line, range.end.line)) }) else { return nil }
        // Text a reader sees: everything but markup (a tag that is not HTML, `<groupId>`, is shown).
        let visible = node.literal.replacing(htmlTagRegex) { HTMLElements.isMarkup($0.output) ? " " : String($0.output) }.trimmingSpaces
        guard !visible.isEmpty else { return nil }
        var paragraph = Paragraph(line: range.start.line, origin: origin(range.start.line), listItem: false, inlines: [])
        paragraph.html = node.literal
        return paragraph
    }

    /// The address of a DocFX video (`[!VIDEO https://…]`, `[AZURE.VIDEO name]`): shown as a link,
    /// not an embedded player, so nothing loads from elsewhere until the reader follows it.
    static func video(_ text: String) -> String? {
        // Both forms open the paragraph with `[` and then `!`, `A` or `W` in either case (no other
        // character folds to those letters): most paragraphs, links among them, are not tried.
        var head = text.utf8.prefix(2).makeIterator()
        guard head.next() == UInt8(ascii: "["), let second = head.next(), Self.videoSecondBytes.contains(second) else { return nil }
        // Both name `VIDEO`: ASCII text without it in any case is no video (past ASCII, the patterns'
        // own case folding decides).
        guard !text.isAllASCII || text.containsIgnoringASCIICase("video") else { return nil }
        if let match = text.wholeMatch(of: videoRegex) { return String(match.output.url) }
        if let match = text.wholeMatch(of: azureVideoRegex) {
            return "https://azure.microsoft.com/documentation/videos/\(match.output.name.trimmingSpaces)/"
        }
        return nil
    }

    private static let videoSecondBytes: Set<UInt8> = Set("!AaWw".utf8)

    private static func isIncludeDirective(_ text: String) -> Bool {
        guard text.utf8.first == UInt8(ascii: "[") else { return false }
        let head = text.utf8.prefix(15).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        return ["[!INCLUDE", "[AZURE.INCLUDE", "[WACOM.INCLUDE"].contains { head.starts(with: $0.utf8) }
    }
}

// Regexes built once: a regex literal in a function body is parsed on every call.
nonisolated(unsafe) private let htmlTagRegex = /<[^>]*>/
nonisolated(unsafe) private let inlineIncludeOpeningRegex = /\[\s*(?:!INCLUDE|AZURE\.INCLUDE|WACOM\.INCLUDE)\s*$/.ignoresCase()
nonisolated(unsafe) private let videoRegex = /\[!VIDEO\s+(?<url>https?:\/\/[^\s\]]+)\s*\]/.ignoresCase()
nonisolated(unsafe) private let azureVideoRegex = /\[(?:AZURE|WACOM)\.VIDEO\s+(?<name>[^\]\s][^\]]*)\]/.ignoresCase()
