/// Rewrites DocFX/Azure Markdown into CommonMark that cmark reads as a reader would, line for line.
///
/// - blanks the metadata header and HTML comment blocks;
/// - inserts the missing space in ATX headings written `#Title` (not C directives such as `#import`);
/// - keeps only the translation of bilingual sentence pairs.
public enum DialectNormalizer {
    /// Words that follow `#` in code, never in a heading.
    static let directiveWords: Set<String> = [
        "import", "include", "define", "undef", "if", "ifdef", "ifndef", "else", "elif", "endif",
        "pragma", "region", "endregion", "error", "warning", "line", "using", "nullable", "r", "load",
    ]

    public static func normalize(_ file: SourceFile, metadata: DocumentMetadata) -> NormalizedDocument {
        var state = State(file: file, metadata: metadata)
        for (index, line) in file.lines.enumerated() {
            state.process(line, number: index + 1)
        }
        var document = state.document
        document.spans = state.spans
        return document
    }

    private struct State {
        var document: NormalizedDocument
        /// Collected apart and set once, so the per-line index is built once.
        var spans: [BilingualSpan] = []
        var fence: (character: Character, length: Int)?
        var commentStart: (line: Int, text: String)?
        let headerLines: Set<Int>

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

        /// Tracks fenced code blocks; returns true for lines inside or delimiting a fence.
        mutating func updateFence(_ line: String) -> Bool {
            let trimmed = line.drop { $0 == " " }
            let indent = line.distance(from: line.startIndex, to: trimmed.startIndex)
            if let open = fence {
                let run = trimmed.prefix { $0 == open.character }
                if indent < 4, run.count >= open.length, trimmed.dropFirst(run.count).trimmingSpaces.isEmpty {
                    fence = nil
                }
                return true
            }
            guard indent < 4, let first = trimmed.first, first == "`" || first == "~" else { return false }
            let run = trimmed.prefix { $0 == first }
            guard run.count >= 3 else { return false }
            if first == "`", trimmed.dropFirst(run.count).contains("`") { return false }
            fence = (first, run.count)
            return true
        }

        mutating func startComment(_ line: String, number: Int) -> Bool {
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
            guard var start = commentStart else { return false }
            if let line { start.text += "\n" + line }
            commentStart = start
            document.lines.append("")
            if let end = start.text.range(of: "-->") {
                var body = start.text[..<end.lowerBound].dropFirst(4)
                while body.first == "-" { body = body.dropFirst() }
                document.comments.append(HTMLComment(text: body.trimmingSpaces, firstLine: start.line, lastLine: number))
                commentStart = nil
            }
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
