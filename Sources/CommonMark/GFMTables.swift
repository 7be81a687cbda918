import StepwiseDiagnostics

/// GitHub Flavored Markdown pipe tables, as a block extension over cmark's output (the way
/// cmark-gfm's table extension works, without replacing the parser): cmark reads a table as a
/// paragraph; a paragraph line that is a header row, followed by a delimiter row with as many
/// cells, starts a table that runs to the end of the paragraph (the spec: a table ends at a blank
/// line or another block). Lines before the header stay a paragraph.
///
/// Cells hold inlines only: a cell's text, `\|` unescaped (also inside code spans), is parsed by
/// cmark on its own, with the document's link reference definitions, so `[text][label]` in a cell
/// links as it does in a paragraph.
struct GFMTables {
    /// The document's lines, to read rows as written (cmark has already resolved escapes).
    let lines: [Substring]
    /// Parses a cell's (or a leftover paragraph's) text into a document.
    let parse: (String) -> MarkdownNode
    /// The document's link reference definitions, one per line, appended to a cell's text when it
    /// may use one (`GFMTables.referenceDefinitions`).
    var definitions: String = ""

    /// `document` with every paragraph that holds a table split into the paragraph before it (if any)
    /// and the table. Depth is bounded by the converter's maximum nesting.
    func apply(to node: MarkdownNode, quoteDepth: Int = 0) -> MarkdownNode {
        withTables(node, quoteDepth: quoteDepth) ?? node
    }

    /// `node` with the tables below it read, or nil when it holds none: most blocks of most documents
    /// hold none, and are kept as they are rather than rebuilt node by node. Children are copied into
    /// a new array only from the first that holds a table.
    private func withTables(_ node: MarkdownNode, quoteDepth: Int) -> MarkdownNode? {
        guard !node.children.isEmpty, node.kind != .paragraph else { return nil }
        let depth = node.kind == .blockQuote ? quoteDepth + 1 : quoteDepth
        var children: [MarkdownNode]?
        for index in node.children.indices {
            let child = node.children[index]
            let replaced: [MarkdownNode]? = child.kind == .paragraph ? split(child, quoteDepth: depth)
                : child.kind.isBlock ? withTables(child, quoteDepth: depth).map { [$0] } : nil
            if let replaced {
                if children == nil { children = Array(node.children[..<index]) }
                children?.append(contentsOf: replaced)
            } else {
                children?.append(child)
            }
        }
        guard let children else { return nil }
        var copy = node
        copy.children = children
        return copy
    }

    /// The paragraph before a table (if any) and the table; nil when the paragraph holds none.
    private func split(_ paragraph: MarkdownNode, quoteDepth: Int) -> [MarkdownNode]? {
        guard let range = paragraph.range, range.end.line <= lines.count, range.end.line > range.start.line else { return nil }
        // Quick rejection, before any line is copied: a table needs a pipe and a hyphen.
        let raw = lines[(range.start.line - 1)...(range.end.line - 1)]
        guard raw.contains(where: { $0.containsByte(UInt8(ascii: "|")) }), raw.contains(where: { $0.containsByte(UInt8(ascii: "-")) }) else {
            return nil
        }
        let rows = raw.map { Self.content(of: $0, quoteDepth: quoteDepth) }
        for index in 0..<(rows.count - 1) {
            guard let alignments = Self.delimiterRow(rows[index + 1]) else { continue }
            let header = Self.cells(of: rows[index])
            guard header.count == alignments.count, rows[index].contains("|") || rows[index + 1].contains("|") else { continue }
            var blocks: [MarkdownNode] = []
            if index > 0 {
                let before = rows[..<index].joined(separator: "\n")
                let lead = SourceRange(start: range.start, end: SourcePosition(line: range.start.line + index - 1, column: 1))
                blocks.append(MarkdownNode(kind: .paragraph, range: lead, children: inlines(before, line: range.start.line)))
            }
            let headerLine = range.start.line + index
            var tableRows = [row(header, line: headerLine, columns: alignments.count, isHeader: true)]
            // A row line indented four columns past the table's starts an indented code block (as in
            // cmark-gfm: the table ends at the beginning of another block); the lines from there on
            // are read again as Markdown.
            let base = Self.indentation(of: raw[raw.startIndex + index], quoteDepth: quoteDepth)
            var end = rows.count
            for offset in (index + 2)..<max(index + 2, rows.count) {
                if Self.indentation(of: raw[raw.startIndex + offset], quoteDepth: quoteDepth) >= base + 4 { end = offset; break }
                tableRows.append(row(Self.cells(of: rows[offset]), line: range.start.line + offset, columns: alignments.count, isHeader: false))
            }
            let lastLine = range.start.line + end - 1
            let tableEnd = end == rows.count ? range.end : SourcePosition(line: lastLine, column: max(1, lines[lastLine - 1].utf8.count))
            let tableRange = SourceRange(start: SourcePosition(line: headerLine, column: 1), end: tableEnd)
            blocks.append(MarkdownNode(kind: .table(alignments: alignments), range: tableRange, children: tableRows))
            if end < rows.count {
                blocks += rest(raw[(raw.startIndex + end)...], firstLine: range.start.line + end, base: base, quoteDepth: quoteDepth)
            }
            return blocks
        }
        return nil
    }

    /// The blocks of a table paragraph's lines after the table: the lines without their container's
    /// indentation (and quote markers), parsed, with tables, on their own lines of the file.
    private func rest(_ raw: ArraySlice<Substring>, firstLine: Int, base: Int, quoteDepth: Int) -> [MarkdownNode] {
        let stripped = raw.map { Self.withoutContainer($0, base: base, quoteDepth: quoteDepth) }
        let parsed = parse(stripped.map(String.init).joined(separator: "\n"))
        let shift = raw.first.map { $0.utf8.count - (stripped.first?.utf8.count ?? 0) } ?? 0
        let placed = parsed.children.map { Self.moved($0, lines: firstLine - 1, columns: shift) }
        return apply(to: MarkdownNode(kind: .document, range: nil, children: placed), quoteDepth: quoteDepth).children
    }

    /// A line after `quoteDepth` quote markers (each with the space after it).
    private static func afterQuotes(_ line: Substring, quoteDepth: Int) -> Substring {
        var rest = line
        for _ in 0..<quoteDepth {
            rest = rest.drop { $0 == " " }
            if rest.first == ">" { rest = rest.dropFirst() }
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return rest
    }

    /// A line without its quote markers and up to `base` spaces of its container's indentation.
    private static func withoutContainer(_ line: Substring, base: Int, quoteDepth: Int) -> Substring {
        var rest = afterQuotes(line, quoteDepth: quoteDepth)
        var dropped = 0
        while dropped < base, rest.first == " " {
            rest = rest.dropFirst()
            dropped += 1
        }
        return rest
    }

    /// `node` with its ranges (and its children's) moved by `lines` lines and `columns` columns.
    private static func moved(_ node: MarkdownNode, lines: Int, columns: Int) -> MarkdownNode {
        var copy = node
        if let range = node.range {
            copy.range = SourceRange(
                start: SourcePosition(line: range.start.line + lines, column: range.start.column + columns),
                end: SourcePosition(line: range.end.line + lines, column: range.end.column + columns))
        }
        copy.children = node.children.map { moved($0, lines: lines, columns: columns) }
        return copy
    }

    /// The columns of spaces before a line's text, after `quoteDepth` quote markers.
    static func indentation(of line: Substring, quoteDepth: Int) -> Int {
        var width = 0
        for character in afterQuotes(line, quoteDepth: quoteDepth) {
            if character == " " { width += 1 } else if character == "\t" { width += 4 - width % 4 } else { break }
        }
        return width
    }

    /// A row with exactly `columns` cells: missing ones empty, extra ones dropped (as the spec says).
    private func row(_ cells: [String], line: Int, columns: Int, isHeader: Bool) -> MarkdownNode {
        let range = SourceRange(start: SourcePosition(line: line, column: 1), end: SourcePosition(line: line, column: 1))
        let padded = Array(cells.prefix(columns)) + Array(repeating: "", count: max(0, columns - cells.count))
        return MarkdownNode(kind: .tableRow(isHeader: isHeader), range: range, children: padded.map { cell in
            MarkdownNode(kind: .tableCell, range: range, children: inlines(cell, line: line).map { rebased($0, line: line, in: cell) })
        })
    }

    /// A cell's inline parsed on its own (line 1), placed on the row's line and, where the cell's text
    /// is found on that line as written, at its column: links in cells keep their place.
    private func rebased(_ node: MarkdownNode, line: Int, in cell: String) -> MarkdownNode {
        let written = line <= lines.count ? lines[line - 1] : ""
        let offset = written.utf8ByteRange(of: cell)?.lowerBound ?? 0
        func move(_ node: MarkdownNode) -> MarkdownNode {
            var moved = node
            if let range = node.range {
                moved.range = SourceRange(
                    start: SourcePosition(line: line + range.start.line - 1, column: range.start.column + offset),
                    end: SourcePosition(line: line + range.end.line - 1, column: range.end.column + offset))
            }
            moved.children = node.children.map(move)
            return moved
        }
        return move(node)
    }

    /// The inlines cmark reads in `text` as one paragraph, as cmark-gfm reads a cell: text that cmark
    /// would read as another block (`# x`, `- x`, `1. x`, `<ul><li>…`) is inline text and HTML. Such
    /// a text is read after a zero-width space that keeps cmark from starting a block, and the space
    /// is dropped again.
    private func inlines(_ text: String, line: Int) -> [MarkdownNode] {
        guard !text.isEmpty else { return [] }
        if let text = Self.plainText(text) { return [text] }
        let references = !definitions.isEmpty && text.containsByte(UInt8(ascii: "]")) ? "\n\n" + definitions : ""
        if let inlines = paragraphInlines(parse(text + references)) { return inlines }
        if var inlines = paragraphInlines(parse("&#8203;" + text + references)),
            let first = inlines.first, first.kind == .text, first.literal.hasPrefix("\u{200B}") {
            inlines[0].literal.removeFirst()
            if inlines[0].literal.isEmpty { inlines.removeFirst() }
            return inlines
        }
        return [MarkdownNode(kind: .text, range: nil, literal: text)]
    }

    /// The one text node cmark reads in `text` when it holds no markup: no block starts at its first
    /// character (a letter, a number not followed by `.` or `)`, or punctuation that starts none), it
    /// ends with no space, and it holds no character cmark's inline parser acts on (`\` `` ` `` `&`
    /// `_` `*` `[` `]` `<` `!`) nor a control character — one paragraph of one text node, the text
    /// itself, on line 1 from column 1 to its last byte. Most cells of a repository's tables are such
    /// (a name, a value, a phrase): each was parsed by cmark on its own, a quarter of a million
    /// parses on the Azure corpus.
    static func plainText(_ text: String) -> MarkdownNode? {
        let utf8 = text.utf8
        guard let first = utf8.first, utf8.last != 0x20 else { return nil }
        switch first {
        case 0x80..., UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            break
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // `1.` and `1)` start an ordered list.
            let after = utf8.first { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard after != UInt8(ascii: ".") && after != UInt8(ascii: ")") else { return nil }
        case UInt8(ascii: "("), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: ","),
            UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "@"),
            UInt8(ascii: "^"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"):
            break
        default:
            return nil
        }
        for byte in utf8 {
            switch byte {
            case 0..<0x20, 0x7F, UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "&"), UInt8(ascii: "_"), UInt8(ascii: "*"),
                UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "!"):
                return nil
            default: continue
            }
        }
        let range = SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: utf8.count))
        return MarkdownNode(kind: .text, range: range, literal: text)
    }

    private func paragraphInlines(_ document: MarkdownNode) -> [MarkdownNode]? {
        guard document.children.count == 1, let paragraph = document.children.first, paragraph.kind == .paragraph else { return nil }
        return paragraph.children
    }

    /// A line without the block-quote markers (`>`) of `quoteDepth` levels and surrounding spaces.
    static func content(of line: Substring, quoteDepth: Int) -> String {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        for _ in 0..<quoteDepth where rest.first == ">" {
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
        }
        return Self.trimmed(Substring(rest))
    }

    /// The alignments of a delimiter row (`| :-- | :-: | --: |`), or nil if the line is not one.
    static func delimiterRow(_ line: String) -> [MarkdownNode.TableAlignment]? {
        guard line.contains("-"), line.allSatisfy({ "|:- \t".contains($0) }) else { return nil }
        let cells = cells(of: line)
        var alignments: [MarkdownNode.TableAlignment] = []
        for cell in cells {
            let left = cell.hasPrefix(":"), right = cell.hasSuffix(":") && cell.count > 1
            let dashes = cell.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments.isEmpty ? nil : alignments
    }

    /// The cells of a row: split at pipes that are not escaped, an outer leading and trailing pipe
    /// dropped, `\|` unescaped, each cell trimmed. As in cmark-gfm, a pipe after a backslash is
    /// escaped whatever comes before the backslash: `\\|` is a backslash and a pipe in the cell.
    static func cells(of line: String) -> [String] {
        var cells = rawCells(of: line)
        if line.hasPrefix("|"), cells.count > 1 { cells.removeFirst() }
        if cells.count > 1, cells.last.map(Self.trimmed)?.isEmpty == true, Self.endsWithPipe(line) { cells.removeLast() }
        return cells.map(Self.trimmed)
    }

    /// The texts between the unescaped pipes of `line` (`\|` is a pipe in a cell), outer ones included.
    /// Where every `|` and `\` stands between ASCII bytes, each is a character of its own (nothing
    /// combines with it or is prepended to it) and the bytes are split as the characters would be.
    static func rawCells(of line: String) -> [String] {
        let pipe = UInt8(ascii: "|"), backslashByte = UInt8(ascii: "\\")
        let bytes = Array(line.utf8)
        let plain = bytes.indices.allSatisfy { index in
            (bytes[index] != pipe && bytes[index] != backslashByte)
                || ((index == 0 || bytes[index - 1] < 0x80) && (index + 1 == bytes.count || bytes[index + 1] < 0x80))
        }
        guard plain else { return cellsByCharacter(of: line) }
        var cells: [String] = []
        var current: [UInt8] = []
        var backslash = false
        for byte in bytes {
            if byte == pipe {
                if backslash {
                    current.append(pipe)
                } else {
                    cells.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
                backslash = false
                continue
            }
            if backslash { current.append(backslashByte) }
            backslash = byte == backslashByte
            if !backslash { current.append(byte) }
        }
        if backslash { current.append(backslashByte) }
        cells.append(String(decoding: current, as: UTF8.self))
        return cells
    }

    /// `rawCells(of:)` read character by character (a `|` or `\\` with a combining mark is another
    /// character): for any line.
    static func cellsByCharacter(of line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var backslash = false
        for character in line {
            if character == "|" {
                if backslash {
                    current.append("|")
                } else {
                    cells.append(current)
                    current = ""
                }
                backslash = false
                continue
            }
            if backslash { current.append("\\") }
            backslash = character == "\\"
            if !backslash { current.append(character) }
        }
        if backslash { current.append("\\") }
        cells.append(current)
        return cells
    }

    /// The text without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> String {
        let utf8 = text.utf8
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, utf8[start] == 0x20 || utf8[start] == 0x09 { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 else { break }
            end = before
        }
        return String(text[start..<end])
    }

    static func trimmed(_ text: String) -> String { trimmed(Substring(text)) }

    /// Whether the line ends with a pipe that is not escaped (not after a backslash).
    private static func endsWithPipe(_ line: String) -> Bool {
        line.hasSuffix("|") && !line.hasSuffix("\\|")
    }

    /// The document's link reference definitions (`[label]: destination "title"`), one per line, as
    /// cmark reads them: lines outside code and HTML blocks, without block-quote markers, that cmark
    /// reads as a definition on their own (a document with no block). `parse` reads one line.
    static func referenceDefinitions(lines: [Substring], document: MarkdownNode, parse: (String) -> MarkdownNode) -> String {
        var literal = Set<Int>()
        func collect(_ node: MarkdownNode) {
            switch node.kind {
            case .codeBlock, .htmlBlock:
                if let range = node.range { literal.formUnion(range.start.line...max(range.start.line, range.end.line)) }
            default:
                if node.kind.isBlock { node.children.forEach(collect) }
            }
        }
        collect(document)
        var found: [String] = []
        for (index, line) in lines.enumerated() where !literal.contains(index + 1) {
            var rest = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
            guard rest.first == "[", rest.contains("]:") else { continue }
            rest = Substring(trimmed(rest))
            if parse(String(rest)).children.isEmpty { found.append(String(rest)) }
        }
        return found.joined(separator: "\n")
    }
}
