/// Rewrites DocFX/Azure Markdown into CommonMark that cmark reads as a reader would, line for line.
///
/// - blanks the metadata header and HTML comment blocks;
/// - inserts the missing space in ATX headings written `#Title` (not C directives such as `#import`);
/// - keeps only the translation of bilingual sentence pairs;
/// - gives the quote markers back to code lines a writer left unquoted between a fence opened in a
///   block quote and its closing fence in the quote (`QuotedFence`).
public enum DialectNormalizer {
    /// Words that follow `#` in code, never in a heading.
    static let directiveWords: Set<String> = [
        "import", "include", "define", "undef", "if", "ifdef", "ifndef", "else", "elif", "endif",
        "pragma", "region", "endregion", "error", "warning", "line", "using", "nullable", "r", "load",
    ]

    public static func normalize(_ file: SourceFile, metadata: DocumentMetadata) -> NormalizedDocument {
        var state = State(file: file, metadata: metadata)
        state.unquotedCode = QuotedFence.unquotedLines(file.lines)
        for (index, line) in file.lines.enumerated() {
            state.process(line, number: index + 1)
        }
        var document = state.document
        document.spans = state.spans
        return document
    }

    /// `line` past its leading spaces, and how many characters they are (`line.drop { $0 == " " }`
    /// and the distance to it). By bytes when the byte past the spaces is ASCII or there is none: no
    /// ASCII byte joins a space into another character; a byte past ASCII may (a combining mark),
    /// and the characters decide.
    static func droppingLeadingSpaces(_ line: String) -> (trimmed: Substring, indent: Int) {
        let bytes = line.utf8
        var index = bytes.startIndex, count = 0
        while index != bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
            index = bytes.index(after: index)
            count += 1
        }
        if index == bytes.endIndex || bytes[index] < 0x80 { return (line[index...], count) }
        let trimmed = line.drop { $0 == " " }
        return (trimmed, line.distance(from: line.startIndex, to: trimmed.startIndex))
    }

    /// How far the text of a list item that `trimmed` opens (a line without its leading spaces)
    /// starts from the item's marker (`- `, `1. `, `3) `), or nil for a line that opens none: the
    /// marker's width plus the spaces after it (one when only spaces follow, or five or more).
    ///
    /// Read by bytes: every character that decides is ASCII. The one place a byte past ASCII could
    /// change the answer is right after the spaces — a mark joins the space before it into one
    /// character, which is no space — and there the characters decide (`listItemWidthByCharacters`).
    static func listItemWidth(_ trimmed: Substring) -> Int? {
        let bytes = trimmed.utf8
        var index = bytes.startIndex
        var marker = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard index != bytes.endIndex else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            marker = 1
            index = bytes.index(after: index)
        } else {
            while index != bytes.endIndex, isDigit(bytes[index]), marker < 9 {
                marker += 1
                index = bytes.index(after: index)
            }
            guard marker > 0, index != bytes.endIndex, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else { return nil }
            marker += 1
            index = bytes.index(after: index)
        }
        guard index == bytes.endIndex || bytes[index] == UInt8(ascii: " ") else { return nil }
        var spaces = 0
        while index != bytes.endIndex, bytes[index] == UInt8(ascii: " ") {
            spaces += 1
            index = bytes.index(after: index)
        }
        if index != bytes.endIndex, bytes[index] >= 0x80, spaces > 0 { return listItemWidthByCharacters(trimmed) }
        return marker + (index == bytes.endIndex || spaces > 4 ? 1 : spaces)
    }

    /// `listItemWidth` read by characters, as CommonMark's characters are: the reference the bytes
    /// are tested against, and the reader of a line whose spaces a mark follows.
    static func listItemWidthByCharacters(_ trimmed: Substring) -> Int? {
        var marker = 0
        var characters = trimmed.makeIterator()
        var next = characters.next()
        if let bullet = next, bullet == "-" || bullet == "*" || bullet == "+" {
            marker = 1
            next = characters.next()
        } else {
            while let digit = next, digit.isASCII, digit.isNumber, marker < 9 {
                marker += 1
                next = characters.next()
            }
            guard marker > 0, let delimiter = next, delimiter == "." || delimiter == ")" else { return nil }
            marker += 1
            next = characters.next()
        }
        guard next == nil || next == " " else { return nil }
        var spaces = 0
        while next == " " {
            spaces += 1
            next = characters.next()
        }
        // Only spaces after the marker, or five or more: the text starts one space after it.
        return marker + (next == nil || spaces > 4 ? 1 : spaces)
    }

    private struct State {
        var document: NormalizedDocument
        /// Collected apart and set once, so the per-line index is built once.
        var spans: [BilingualSpan] = []
        /// The open fence, and the column of the text of the list item it is in (0 outside lists).
        var fence: (opened: Fence, container: Int)?
        /// The text columns of the list items the current line may be in, outermost first.
        var listItems: [Int] = []
        var afterBlank = true
        var commentStart: (line: Int, text: String)?
        let headerLines: Set<Int>
        /// Code lines written without the quote markers of the fence they are in, with those markers.
        var unquotedCode: [Int: String] = [:]
        /// Code lines written less indented than the list item whose fence holds them, with the
        /// spaces that put them back in the item.
        var outdentedCode: [Int: String] = [:]

        /// Lines read at most after a line that leaves a list item's open fence to find its closing fence.
        static let outdentSearch = 400

        /// When `number` is a code line less indented than the list item whose fence is open (a
        /// writer's XML at the margin, a line a translation tool outdented), and the fence's closing
        /// line follows — with no heading, other opening fence or list item at the margin between —
        /// the lines up to it are the fence's: each one less indented than the item gets the spaces
        /// it lacks (`outdentedCode`). CommonMark would end the item, and the fence, at that line.
        mutating func findOutdentedCode(from number: Int) {
            guard outdentedCode[number] == nil, let open = fence, open.container > 0 else { return }
            let lines = document.file.lines
            func indent(_ text: String) -> Int { text.prefix { $0 == " " }.count }
            let line = lines[number - 1]
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }), indent(line) < open.container else { return }
            var closer: Int?
            for candidate in number...min(lines.count, number + Self.outdentSearch - 1) {
                let text = lines[candidate - 1]
                let trimmed = text.drop { $0 == " " }
                if indent(text) < open.container + 4, open.opened.isClosed(by: trimmed) {
                    closer = candidate
                    break
                }
                // A fence of the open fence's character that does not close it opens another: the search
                // ends. One of the other character is code inside the open fence (CommonMark).
                if let other = Fence(opening: trimmed), other.character == open.opened.character { break }
                if indent(text) == 0, trimmed.first == "#" || text.wholeMatch(of: marginListItemRegex) != nil { break }
            }
            // A closing fence alone at the margin is read as CommonMark reads it (the item ends there).
            guard let closer, closer > number else { return }
            for candidate in number...closer {
                let text = lines[candidate - 1]
                guard !text.allSatisfy({ $0 == " " || $0 == "\t" }), indent(text) < open.container else { continue }
                outdentedCode[candidate] = String(repeating: " ", count: open.container - indent(text))
            }
        }

        init(file: SourceFile, metadata: DocumentMetadata) {
            document = NormalizedDocument(
                file: file, metadata: metadata, lines: [], lineMap: LineMap(), spans: [], comments: [],
                includes: [], definitions: [], imageReferences: [], headingsMissingSpace: [])
            headerLines = Set(metadata.lines.flatMap { Array($0) })
        }

        mutating func process(_ line: String, number: Int) {
            if headerLines.contains(number) {
                document.lines.append("")
                return
            }
            if continueComment(line, number: number) { return }
            if let markers = unquotedCode[number] {
                var rewriter = LineRewriter()
                rewriter.replace(with: markers, for: 1)
                rewriter.keep(Substring(line), from: 1)
                document.lineMap.record(line: number, anchors: rewriter.anchors)
                document.lines.append(rewriter.text)
                return
            }
            findOutdentedCode(from: number)
            if let padding = outdentedCode[number] {
                var rewriter = LineRewriter()
                rewriter.replace(with: padding, for: 1)
                rewriter.keep(Substring(line), from: 1)
                document.lineMap.record(line: number, anchors: rewriter.anchors)
                _ = updateFence(rewriter.text)
                document.lines.append(rewriter.text)
                return
            }
            if updateFence(line) {
                document.lines.append(line)
                return
            }
            if startComment(line, number: number) { return }
            if let include = IncludeDirective.parse(line, number: number) {
                document.includes.append(include)
            }
            if let definition = ReferenceDefinition.parse(line, number: number) {
                document.definitions.append(definition)
            }
            document.imageReferences.append(contentsOf: ImageReference.scan(line, number: number))
            document.lines.append(rewrite(removingCodeReferences(line, number: number), number: number))
        }

        /// `line` with its code references recorded and blanked (as many spaces as they had bytes, so
        /// columns stay) and trailing blanks dropped (never a hard line break); a line left with only
        /// spaces and `>` keeps just those.
        mutating func removingCodeReferences(_ line: String, number: Int) -> String {
            let matches = CodeReference.scan(line, number: number).filter { match in
                line.utf8.prefix(match.start).filter { $0 == UInt8(ascii: "`") }.count.isMultiple(of: 2)
            }
            guard !matches.isEmpty else { return line }
            document.codeReferences += matches.map(\.reference)
            var bytes = Array(line.utf8)
            for match in matches { bytes.replaceSubrange(match.start..<match.end, with: repeatElement(UInt8(ascii: " "), count: match.end - match.start)) }
            let lead = bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }
            if lead.count == bytes.count { bytes = Array(lead.reversed().drop { $0 != UInt8(ascii: ">") }.reversed()) }
            while let last = bytes.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") { bytes.removeLast() }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Tracks fenced code blocks; returns true for lines inside or delimiting a fence. A fence
        /// inside a list item is indented relative to the item's text, as CommonMark reads it.
        mutating func updateFence(_ line: String) -> Bool {
            let (trimmed, indent) = DialectNormalizer.droppingLeadingSpaces(line)
            // Bytes say it: a space or tab followed by a mark is no blank character, nor are its bytes.
            let blank = trimmed.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if let open = fence {
                // A line less indented than the item the fence opened in ends the item, and the fence with it.
                if blank || indent >= open.container {
                    if indent - open.container < 4, open.opened.isClosed(by: trimmed) { fence = nil }
                    return true
                }
                fence = nil
                afterBlank = false
            }
            defer { afterBlank = blank }
            guard !blank else { return false }
            if let content = listItemContent(trimmed, indent: indent) {
                listItems.removeAll { $0 > indent }
                listItems.append(content)
                return false
            }
            let lead = trimmed.utf8.first
            let startsFence = (lead == UInt8(ascii: "`") || lead == UInt8(ascii: "~")) && (trimmed.first == "`" || trimmed.first == "~")
            // A sentence after a blank line, or a fence, less indented than an item's text ends the item.
            if afterBlank || startsFence { listItems.removeAll { $0 > indent } }
            let container = listItems.last ?? 0
            guard startsFence, indent - container < 4, let opened = Fence(opening: trimmed) else { return false }
            fence = (opened, container)
            return true
        }

        /// The column of the text of a list item that `trimmed` (indented by `indent`) opens, or nil.
        private func listItemContent(_ trimmed: Substring, indent: Int) -> Int? {
            guard indent - (listItems.last ?? 0) < 4 else { return nil }
            return DialectNormalizer.listItemWidth(trimmed).map { indent + $0 }
        }

        mutating func startComment(_ line: String, number: Int) -> Bool {
            // Most lines open no comment: past their spaces and tabs comes another byte than `<` (the
            // character there starts with that byte, and only `<` itself is `<`).
            guard line.utf8.first(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "<") else { return false }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            // A `stepwise-ignore` directive is never code, however deeply it is indented to sit
            // before an indented code sample.
            let directive = trimmed.hasPrefix("<!--") && trimmed.dropFirst(4).trimmingSpaces.hasPrefix("stepwise-ignore")
                && trimmed.trimmingSpaces.hasSuffix("-->")
            guard line.distance(from: line.startIndex, to: trimmed.startIndex) < 4 || directive, trimmed.hasPrefix("<!--") else { return false }
            commentStart = (number, String(trimmed))
            return continueComment(nil, number: number)
        }

        /// Blanks comment lines; returns true while inside a comment block.
        mutating func continueComment(_ line: String?, number: Int) -> Bool {
            // Taken out while it grows: a copy left in `commentStart` made each line copy the whole
            // comment's text.
            guard var start = commentStart else { return false }
            commentStart = nil
            document.lines.append("")
            let end: String.Index?
            if let line {
                // Only the line added can hold the end: the text before it held none (the comment
                // would have ended there) and a line break parts the two. Searching the whole text
                // again at each line made a long comment quadratic.
                let offset = start.text.utf8.count + 1
                start.text += "\n"
                start.text += line
                end = line.range(of: "-->").map { found in
                    start.text.utf8.index(start.text.startIndex, offsetBy: offset + line.utf8.distance(from: line.startIndex, to: found.lowerBound))
                }
            } else {
                end = start.text.range(of: "-->")?.lowerBound
            }
            guard let end else {
                commentStart = start
                return true
            }
            var body = start.text[..<end].dropFirst(4)
            while body.first == "-" { body = body.dropFirst() }
            document.comments.append(HTMLComment(text: body.trimmingSpaces, firstLine: start.line, lastLine: number))
            return true
        }

        mutating func rewrite(_ line: String, number: Int) -> String {
            var rewriter = LineRewriter()
            var rest = Substring(line)
            var column = 1
            var changed = false
            if let hashes = missingSpaceHeading(line) {
                rewriter.keep(rest.prefix(hashes), from: 1)
                rewriter.replace(with: " ", for: hashes + 1)
                rest = rest.dropFirst(hashes)
                column += hashes
                document.headingsMissingSpace.insert(number)
                changed = true
            }
            let matches = BilingualSpanScanner.matches(in: line, number: number)
            guard !matches.isEmpty || changed else { return line }
            var cursor = rest.startIndex
            for match in matches {
                rewriter.keep(line[cursor..<match.range.lowerBound], from: column + line.utf8.distance(from: rest.startIndex, to: cursor))
                rewriter.replace(with: match.span.translation, for: match.span.column)
                spans.append(match.span)
                cursor = match.range.upperBound
            }
            rewriter.keep(line[cursor...], from: column + line.utf8.distance(from: rest.startIndex, to: cursor))
            document.lineMap.record(line: number, anchors: rewriter.anchors)
            return rewriter.text
        }

        /// The number of `#` of a heading written without a space after them, or `nil`.
        func missingSpaceHeading(_ line: String) -> Int? {
            guard line.first == "#" else { return nil }
            let hashes = line.prefix { $0 == "#" }.count
            guard hashes <= 6, let next = line.dropFirst(hashes).first, next != " ", next != "\t", next != "!" else { return nil }
            let word = line.dropFirst(hashes).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return DialectNormalizer.directiveWords.contains(word.lowercased()) ? nil : hashes
        }
    }
}

nonisolated(unsafe) private let marginListItemRegex = /(?:\d{1,9}[.)]|[-*+])[ \t].*/
