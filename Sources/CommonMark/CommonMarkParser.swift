internal import CCmark
#if canImport(Glibc)
internal import Glibc
#endif
public import StepwiseDiagnostics

/// Parses CommonMark with cmark and returns an immutable Swift tree.
///
/// The C parser and node tree live only for the duration of one call: both are freed with
/// `defer` on every path, and no C pointer leaves this file.
public struct CommonMarkParser: Sendable {
    /// Which allocator cmark uses; `.counting` lets tests prove that every allocation is freed.
    public var allocator: CommonMarkAllocator
    /// The block extensions applied to cmark's output.
    public var extensions: Set<Extension>

    /// Extensions over CommonMark, as GitHub Flavored Markdown defines them.
    public enum Extension: Hashable, Sendable {
        /// Pipe tables (`GFMTables`).
        case tables
    }

    public init(allocator: CommonMarkAllocator = .system, extensions: Set<Extension> = [.tables]) {
        self.allocator = allocator
        self.extensions = extensions
    }

    /// Parses `text` into a document node whose ranges are 1-based lines and byte columns.
    public func parse(_ text: String) throws(StepwiseError) -> MarkdownNode {
        var bytes = text
        let parsed = bytes.withUTF8 { utf8 in Result { () throws(StepwiseError) in try parse(utf8: utf8) { text } } }
        return try parsed.get()
    }

    /// `parse(_:)` of valid UTF-8 text given as its bytes, and as a string by `text` (asked only when
    /// an extension reads the lines: a document with a `|`): a caller that has the bytes need not
    /// make the string, whose bytes are validated as it is made.
    public func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, text: () -> String) throws(StepwiseError) -> MarkdownNode {
        let options = CMARK_OPT_SOURCEPOS
        guard let parser = allocator.withMemory({ cmark_parser_new_with_mem(options, $0) }) else {
            throw StepwiseError("cmark-failure", at: nil, "cmark could not create a parser")
        }
        defer { cmark_parser_free(parser) }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            cmark_parser_feed(parser, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard let root = cmark_parser_finish(parser) else {
            throw StepwiseError("cmark-failure", at: nil, "cmark could not finish parsing")
        }
        defer { cmark_node_free(root) }
        let document = CommonMarkConverter.convert(root)
        guard extensions.contains(.tables), let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "|")), bytes.count) != nil else { return document }
        let text = text()
        let cells = CommonMarkParser(allocator: allocator, extensions: [])
        let parseCell = { (cellText: String) in (try? cells.parse(cellText)) ?? MarkdownNode(kind: .document, range: nil) }
        let lines = text.lineFeedSlices()
        var tables = GFMTables(lines: lines, parse: parseCell)
        if text.contains("]:") {
            tables.definitions = GFMTables.referenceDefinitions(lines: lines, document: document, parse: parseCell)
        }
        return tables.apply(to: document)
    }
}
