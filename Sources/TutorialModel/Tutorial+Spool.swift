import StepwiseDiagnostics

/// A model as compact bytes, for a run to set it aside and read it back later in the same run (a
/// build checks every document, then renders its page: reading the model back is several times
/// cheaper than modelling the document again). Every stored property, in declaration order:
/// integers as zigzag varints, strings as their UTF-8 bytes after their length, an optional as a
/// flag byte then its value, a list as its count then its elements; a path (of an origin or a line
/// span: a model repeats a few paths hundreds of times, a quarter of its bytes) as its number among
/// the paths written before it, or 0 and the path the first time. The bytes are for this run
/// only (no version, no keys): `Tutorial(spooled:)` gives back a model equal to the one spooled, and
/// refuses bytes that run short or long, never reading past them.
extension Tutorial {
    public func spooled() -> [UInt8] {
        var writer = SpoolWriter()
        writer.bytes.reserveCapacity(16 << 10)
        spool(into: &writer)
        return writer.bytes
    }

    public init(spooled bytes: [UInt8]) throws(SpoolError) {
        let read: Result<Tutorial, SpoolError> = bytes.withUnsafeBytes { buffer in
            var reader = SpoolReader(buffer)
            let tutorial = Result { () throws(SpoolError) in try Tutorial(spool: &reader) }
            return reader.offset == buffer.count ? tutorial : .failure(SpoolError())
        }
        self = try read.get()
    }
}

/// Bytes that are not a spooled model.
public struct SpoolError: Error {}

struct SpoolWriter {
    var bytes: [UInt8] = []
    /// The paths written so far, each numbered from 1 in the order it was first written.
    private var paths: [String] = []
    /// How many paths are numbered: a model has a handful (its file and its includes').
    static let pathLimit = 64

    /// `value` by its number when it was written before, else 0 then the path.
    mutating func path(_ value: String) {
        if let index = paths.lastIndex(of: value) {
            int(index + 1)
            return
        }
        int(0)
        string(value)
        if paths.count < Self.pathLimit { paths.append(value) }
    }

    mutating func int(_ value: Int) {
        LEB128.append(signed: Int64(value), to: &bytes)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { text in
            int(text.count)
            bytes.append(contentsOf: text)
        }
    }

    mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }
}

struct SpoolReader {
    let buffer: UnsafeRawBufferPointer
    var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    mutating func byte() throws(SpoolError) -> UInt8 {
        guard offset < buffer.count else { throw SpoolError() }
        defer { offset += 1 }
        return buffer[offset]
    }

    mutating func int() throws(SpoolError) -> Int {
        guard let raw = LEB128.read(buffer, at: &offset) else { throw SpoolError() }
        return Int(LEB128.signed(raw))
    }

    /// A count of elements that follow, each at least one byte long.
    mutating func count() throws(SpoolError) -> Int {
        let count = try int()
        guard count >= 0, count <= buffer.count - offset else { throw SpoolError() }
        return count
    }

    mutating func string() throws(SpoolError) -> String {
        let count = try count()
        defer { offset += count }
        return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count]), as: UTF8.self)
    }

    /// The paths read so far (see `SpoolWriter.path(_:)`): one string for every use of a path.
    private var paths: [String] = []

    mutating func path() throws(SpoolError) -> String {
        let number = try int()
        guard number != 0 else {
            let path = try string()
            if paths.count < SpoolWriter.pathLimit { paths.append(path) }
            return path
        }
        guard number > 0, number <= paths.count else { throw SpoolError() }
        return paths[number - 1]
    }

    mutating func bool() throws(SpoolError) -> Bool {
        switch try byte() {
        case 0: false
        case 1: true
        default: throw SpoolError()
        }
    }
}

/// A value of the model, spooled field by field.
protocol Spoolable {
    func spool(into writer: inout SpoolWriter)
    init(spool reader: inout SpoolReader) throws(SpoolError)
}

extension String: Spoolable {
    func spool(into writer: inout SpoolWriter) { writer.string(self) }
    init(spool reader: inout SpoolReader) throws(SpoolError) { self = try reader.string() }
}

extension Int: Spoolable {
    func spool(into writer: inout SpoolWriter) { writer.int(self) }
    init(spool reader: inout SpoolReader) throws(SpoolError) { self = try reader.int() }
}

extension Bool: Spoolable {
    func spool(into writer: inout SpoolWriter) { writer.bool(self) }
    init(spool reader: inout SpoolReader) throws(SpoolError) { self = try reader.bool() }
}

extension Optional: Spoolable where Wrapped: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.bool(self != nil)
        self?.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self = try reader.bool() ? try Wrapped(spool: &reader) : nil
    }
}

extension Array: Spoolable where Element: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.int(count)
        for element in self { element.spool(into: &writer) }
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        let count = try reader.count()
        self = []
        reserveCapacity(count)
        for _ in 0..<count { append(try Element(spool: &reader)) }
    }
}

extension Dictionary: Spoolable where Key == String, Value == String {
    func spool(into writer: inout SpoolWriter) {
        writer.int(count)
        for (key, value) in self {
            writer.string(key)
            writer.string(value)
        }
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        let count = try reader.count()
        self = [:]
        reserveCapacity(count)
        for _ in 0..<count {
            let key = try reader.string()
            self[key] = try reader.string()
        }
    }
}

extension Spoolable where Self: RawRepresentable, RawValue == String {
    func spool(into writer: inout SpoolWriter) { writer.string(rawValue) }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        guard let value = Self(rawValue: try reader.string()) else { throw SpoolError() }
        self = value
    }
}

extension Tutorial: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        for text in [schema, id, source, locale, edition, tutorialPath, title] { writer.string(text) }
        metadata.spool(into: &writer)
        sections.spool(into: &writer)
        includes.spool(into: &writer)
        selectors.spool(into: &writer)
        images.spool(into: &writer)
        nonStepLists.spool(into: &writer)
        diagnostics.spool(into: &writer)
        links.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        let schema = try reader.string()
        self.init(
            id: try reader.string(), source: try reader.string(), locale: try reader.string(), edition: try reader.string(),
            tutorialPath: try reader.string(), title: try reader.string(), metadata: try TutorialMetadata(spool: &reader),
            sections: try [Section](spool: &reader), includes: try [IncludeReference](spool: &reader),
            selectors: try [PlatformSelector](spool: &reader), images: try [ImageReferenceInfo](spool: &reader),
            nonStepLists: try [LineSpan](spool: &reader), diagnostics: try [DiagnosticInfo](spool: &reader),
            links: try [LinkReference](spool: &reader))
        self.schema = schema
    }
}

extension LineSpan: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.path(path)
        writer.int(line)
        writer.int(endLine)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(path: try reader.path(), line: try reader.int(), endLine: try reader.int())
    }
}

extension TutorialMetadata: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(format)
        for value in [title, description, author, date, assetID, contentLocale, translationType, openLocFileHash, sourceGitCommit] {
            value.spool(into: &writer)
        }
        values.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            format: try reader.string(), title: try String?(spool: &reader), description: try String?(spool: &reader),
            author: try String?(spool: &reader), date: try String?(spool: &reader), assetID: try String?(spool: &reader),
            contentLocale: try String?(spool: &reader), translationType: try String?(spool: &reader),
            openLocFileHash: try String?(spool: &reader), sourceGitCommit: try String?(spool: &reader),
            values: try [String: String](spool: &reader))
    }
}

extension Section: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(id)
        writer.string(title)
        sourceTitle.spool(into: &writer)
        writer.int(level)
        writer.int(line)
        origin.spool(into: &writer)
        writer.bool(headingMissingSpace)
        anchor.spool(into: &writer)
        steps.spool(into: &writer)
        code.spool(into: &writer)
        alerts.spool(into: &writer)
        paragraphs.spool(into: &writer)
        anchors.spool(into: &writer)
        tab.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            id: try reader.string(), title: try reader.string(), sourceTitle: try String?(spool: &reader), level: try reader.int(),
            line: try reader.int(), origin: try Origin(spool: &reader), headingMissingSpace: try reader.bool(),
            anchor: try String?(spool: &reader), steps: try [Step](spool: &reader), code: try [CodeSample](spool: &reader),
            alerts: try [Alert](spool: &reader), paragraphs: try [Paragraph](spool: &reader), anchors: try [String](spool: &reader),
            tab: try String?(spool: &reader))
    }
}

extension Origin: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.path(path)
        writer.int(line)
        writer.bool(include != nil)
        if let include { writer.path(include) }
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(path: try reader.path(), line: try reader.int(), include: try reader.bool() ? try reader.path() : nil)
    }
}

extension Step: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(id)
        writer.int(ordinal)
        writer.int(shownNumber)
        writer.int(line)
        writer.int(endLine)
        origin.spool(into: &writer)
        writer.string(text)
        inlines.spool(into: &writer)
        sourceText.spool(into: &writer)
        terms.spool(into: &writer)
        code.spool(into: &writer)
        alerts.spool(into: &writer)
        details.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            id: try reader.string(), ordinal: try reader.int(), shownNumber: try reader.int(), line: try reader.int(),
            endLine: try reader.int(), origin: try Origin(spool: &reader), text: try reader.string(),
            inlines: try [InlineSpan](spool: &reader), sourceText: try String?(spool: &reader), terms: try [String](spool: &reader),
            code: try [CodeSample](spool: &reader), alerts: try [Alert](spool: &reader), details: try [Paragraph](spool: &reader))
    }
}

extension Paragraph: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.int(line)
        origin.spool(into: &writer)
        writer.bool(listItem)
        list.spool(into: &writer)
        inlines.spool(into: &writer)
        table.spool(into: &writer)
        html.spool(into: &writer)
        heading.spool(into: &writer)
        writer.bool(indented)
        beforeInclude.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        let line = try reader.int(), origin = try Origin(spool: &reader), listItem = try reader.bool()
        let list = try ListPlacement?(spool: &reader)
        self.init(line: line, origin: origin, listItem: listItem, inlines: try [InlineSpan](spool: &reader), table: try Table?(spool: &reader))
        self.list = list
        html = try String?(spool: &reader)
        heading = try Int?(spool: &reader)
        indented = try reader.bool()
        beforeInclude = try Bool?(spool: &reader)
    }
}

extension ListPlacement: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.int(depth)
        writer.bool(ordered)
        writer.int(number)
        writer.bool(continuation)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(depth: try reader.int(), ordered: try reader.bool(), number: try reader.int(), continuation: try reader.bool())
    }
}

extension Table: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        alignments.spool(into: &writer)
        header.spool(into: &writer)
        rows.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(alignments: try [String](spool: &reader), header: try [[InlineSpan]](spool: &reader), rows: try [[[InlineSpan]]](spool: &reader))
    }
}

extension CodeSample: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(id)
        writer.string(language)
        file.spool(into: &writer)
        inferredFile.spool(into: &writer)
        action.spool(into: &writer)
        writer.int(line)
        writer.int(endLine)
        writer.int(nonBlankLines)
        writer.string(text)
        origin.spool(into: &writer)
        damage.spool(into: &writer)
        reference.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            id: try reader.string(), language: try reader.string(), file: try String?(spool: &reader),
            inferredFile: try String?(spool: &reader), action: try String?(spool: &reader), line: try reader.int(),
            endLine: try reader.int(), nonBlankLines: try reader.int(), text: try reader.string(), origin: try Origin(spool: &reader),
            damage: try Damage?(spool: &reader), reference: try CodeReferenceInfo?(spool: &reader))
    }
}

extension Damage: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        kind.spool(into: &writer)
        writer.string(detail)
        writer.bool(recovered)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(kind: try Kind(spool: &reader), detail: try reader.string(), recovered: try reader.bool())
    }
}

extension Damage.Kind: Spoolable {}

extension CodeReferenceInfo: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        for text in [syntax, written, path, lines] { writer.string(text) }
        region.spool(into: &writer)
        highlight.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            syntax: try reader.string(), written: try reader.string(), path: try reader.string(), lines: try reader.string(),
            region: try String?(spool: &reader), highlight: try [Int](spool: &reader))
    }
}

extension LinkReference: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(destination)
        origin.spool(into: &writer)
        writer.int(column)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(destination: try reader.string(), origin: try Origin(spool: &reader), column: try reader.int())
    }
}

extension InlineSpan: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        kind.spool(into: &writer)
        writer.string(text)
        destination.spool(into: &writer)
        title.spool(into: &writer)
        children.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(kind: try Kind(spool: &reader), text: try reader.string(), destination: try String?(spool: &reader))
        // Set only when present: a span without a target keeps none.
        if let title = try String?(spool: &reader) { self.title = title }
        if let children = try [InlineSpan]?(spool: &reader) { self.children = children }
    }
}

extension InlineSpan.Kind: Spoolable {}

extension Alert: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(kind)
        label.spool(into: &writer)
        writer.string(text)
        writer.int(line)
        endLine.spool(into: &writer)
        origin.spool(into: &writer)
        blocks.spool(into: &writer)
        placeholder.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            kind: try reader.string(), label: try String?(spool: &reader), text: try reader.string(), line: try reader.int(),
            endLine: try Int?(spool: &reader), origin: try Origin(spool: &reader), blocks: try [Paragraph](spool: &reader),
            placeholder: try Placeholder?(spool: &reader))
    }
}

extension Placeholder: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        kind.spool(into: &writer)
        writer.string(name)
        writer.path(path)
        rule.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(kind: try Kind(spool: &reader), name: try reader.string(), path: try reader.path(), rule: try String?(spool: &reader))
    }
}

extension Placeholder.Kind: Spoolable {}

extension PlatformSelector: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(kind)
        writer.int(line)
        origin.spool(into: &writer)
        links.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(kind: try reader.string(), line: try reader.int(), origin: try Origin(spool: &reader), links: try [Link](spool: &reader))
    }
}

extension PlatformSelector.Link: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(title)
        writer.string(url)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(title: try reader.string(), url: try reader.string())
    }
}

extension ImageReferenceInfo: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(label)
        writer.string(alt)
        destination.spool(into: &writer)
        origin.spool(into: &writer)
        column.spool(into: &writer)
        syntax.spool(into: &writer)
        title.spool(into: &writer)
        placement.spool(into: &writer)
        resolvedTo.spool(into: &writer)
        problem.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(label: try reader.string(), alt: try reader.string(), destination: try String?(spool: &reader), origin: try Origin(spool: &reader))
        column = try Int?(spool: &reader)
        syntax = try String?(spool: &reader)
        title = try String?(spool: &reader)
        placement = try Placement?(spool: &reader)
        resolvedTo = try String?(spool: &reader)
        problem = try String?(spool: &reader)
    }
}

extension ImageReferenceInfo.Placement: Spoolable {}

extension IncludeReference: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        for text in [name, syntax, path, resolvedTo] { writer.string(text) }
        writer.bool(fallback)
        origin.spool(into: &writer)
        problem.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            name: try reader.string(), syntax: try reader.string(), path: try reader.string(), resolvedTo: try reader.string(),
            fallback: try reader.bool(), origin: try Origin(spool: &reader), problem: try String?(spool: &reader))
    }
}

extension DiagnosticInfo: Spoolable {
    func spool(into writer: inout SpoolWriter) {
        writer.string(id)
        writer.string(severity)
        writer.bool(path != nil)
        if let path { writer.path(path) }
        line.spool(into: &writer)
        column.spool(into: &writer)
        writer.string(message)
        fix.spool(into: &writer)
    }

    init(spool reader: inout SpoolReader) throws(SpoolError) {
        self.init(
            id: try reader.string(), severity: try reader.string(), path: try reader.bool() ? try reader.path() : nil, line: try Int?(spool: &reader),
            column: try Int?(spool: &reader), message: try reader.string(), fix: try String?(spool: &reader))
    }
}
