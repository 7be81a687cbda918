/// A document after dialect normalization: text ready for cmark plus what was taken out of it.
public struct NormalizedDocument: Hashable, Sendable {
    public var file: SourceFile
    public var metadata: DocumentMetadata
    /// The normalized lines, one for each original line.
    public var lines: [String]
    public var lineMap: LineMap
    /// Bilingual sentence pairs; the text keeps only their translation.
    public var spans: [BilingualSpan] {
        didSet { spansByLine = Dictionary(grouping: spans, by: \.line) }
    }
    var spansByLine: [Int: [BilingualSpan]] = [:]
    /// HTML comment blocks, blanked in the text.
    public var comments: [HTMLComment]
    public var includes: [IncludeDirective]
    /// Code references (`[!code-…]`, `:::code:::`), taken out of the text cmark reads.
    public var codeReferences: [CodeReference] = []
    public var definitions: [ReferenceDefinition]
    public var imageReferences: [ImageReference]
    /// Lines whose ATX heading had no space after the `#` characters.
    public var headingsMissingSpace: Set<Int>

    /// The document without the text cmark read and what was taken out of it to read it (normalized
    /// lines, line map, comments, directives, definitions, image references): the file, metadata and
    /// bilingual spans stay, which is what the checks read once the document is modelled.
    public func releasingText() -> NormalizedDocument {
        var document = self
        document.lines = []
        document.lineMap = LineMap()
        document.comments = []
        document.includes = []
        document.codeReferences = []
        document.definitions = []
        document.imageReferences = []
        document.headingsMissingSpace = []
        return document
    }

    /// The normalized text handed to cmark: every line followed by a line feed (a document without
    /// lines is one line feed). The loader hands cmark its bytes (`withTextBytes`), not this string.
    public var text: String {
        withTextBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` of the bytes of `text`, copied line by line into a buffer made at its full size, without
    /// making the string (whose bytes would be validated again as it is made).
    public func withTextBytes<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        let bytes = [UInt8](unsafeUninitializedCapacity: textByteCount) { buffer, count in
            guard let start = buffer.baseAddress else { return }
            guard !lines.isEmpty else {
                start.initialize(to: UInt8(ascii: "\n"))
                count = 1
                return
            }
            var offset = 0
            for var line in lines {
                line.withUTF8 { utf8 in
                    if let base = utf8.baseAddress { (start + offset).initialize(from: base, count: utf8.count) }
                    offset += utf8.count
                }
                start[offset] = UInt8(ascii: "\n")
                offset += 1
            }
            count = offset
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(Failure) in try body(buffer) }
    }

    /// How many bytes `text` has, without making it.
    public var textByteCount: Int {
        lines.isEmpty ? 1 : lines.reduce(0) { $0 + $1.utf8.count + 1 }
    }

    /// The bilingual pairs on `line`, left to right.
    public func spans(onLine line: Int) -> [BilingualSpan] {
        spansByLine[line] ?? []
    }


    /// The original text of `line` (1-based).
    public func originalLine(_ line: Int) -> String {
        file.lines.indices.contains(line - 1) ? file.lines[line - 1] : ""
    }

    /// The original text of `line` as code shows it: an HTML comment the normalizer took out (a
    /// `stepwise-ignore` directive before a sample, say) is a blank line, never code.
    public func codeLine(_ line: Int) -> String {
        comments.contains { ($0.firstLine...$0.lastLine).contains(line) } ? "" : originalLine(line)
    }

    /// The normalized text of `line` (1-based).
    public func normalizedLine(_ line: Int) -> String {
        lines.indices.contains(line - 1) ? lines[line - 1] : ""
    }

    /// Reconstructs `line` with each bilingual pair replaced by its source sentence.
    public func sourceLanguageLine(_ line: Int) -> String {
        let original = originalLine(line)
        let matches = BilingualSpanScanner.matches(in: original, number: line)
        guard !matches.isEmpty else { return original }
        var result = ""
        var cursor = original.startIndex
        for match in matches {
            result += original[cursor..<match.range.lowerBound]
            result += match.span.source
            cursor = match.range.upperBound
        }
        return result + original[cursor...]
    }
}
