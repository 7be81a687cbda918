import Foundation
import Localization
import Site
import StepwiseDiagnostics
import TutorialModel

/// A type read from the cache's bytes directly rather than through `Decodable`'s containers: the
/// values a warm run decodes by the hundred thousand (every stored document's links, every stored
/// finding). Each reads what its synthesized `Decodable` conformance reads — the same keys, a missing
/// or null optional as nil, an unknown key skipped, a missing required key or a value of another kind
/// refused — which `CacheReadableTests` checks value for value against that conformance.
protocol CacheReadable: Decodable {
    init(cache reader: inout CacheByteReader) throws
}

extension CacheByteReader {
    /// Reads the object at the offset (an error unless it is one), handing `entry` each key's bytes
    /// and a reader on its value; the offset moves past the object whatever `entry` reads.
    mutating func readObject(_ type: Any.Type, reserving: (Int) -> Void = { _ in },
                             _ entry: (_ key: UnsafeRawBufferPointer, _ value: inout CacheByteReader) throws -> Void) throws {
        guard try tag() == .object else { throw CacheDecoder.mismatch(type, []) }
        let (end, count) = try container()
        // Told how many keys follow (a count the bytes can hold), to make room for them.
        reserving(count)
        for _ in 0..<count {
            let key = try stringBytes()
            var value = CacheByteReader(bytes, offset: offset)
            value.file = file
            value.strings = strings
            try skip()
            try entry(UnsafeRawBufferPointer(rebasing: bytes[key]), &value)
        }
        guard offset == end else { throw Self.damaged }
    }

    /// Reads the array at the offset, each element with `element`.
    mutating func readArray<Element>(_ element: (inout CacheByteReader) throws -> Element) throws -> [Element] {
        guard try tag() == .array else { throw CacheDecoder.mismatch([Element].self, []) }
        let (end, count) = try container()
        var elements: [Element] = []
        elements.reserveCapacity(count)
        for _ in 0..<count { elements.append(try element(&self)) }
        guard offset == end else { throw Self.damaged }
        return elements
    }

    mutating func readString() throws -> String {
        guard try tag() == .string else { throw CacheDecoder.mismatch(String.self, []) }
        return try string()
    }

    mutating func readInt() throws -> Int {
        guard try tag() == .int else { throw CacheDecoder.mismatch(Int.self, []) }
        return Int(try int())
    }

    /// Nil for a null value, else `value` read.
    mutating func readOptional<Value>(_ value: (inout CacheByteReader) throws -> Value) throws -> Value? {
        guard offset < bytes.count else { throw Self.damaged }
        if bytes[offset] == CacheValue.Tag.null.rawValue {
            offset += 1
            return nil
        }
        return try value(&self)
    }

    /// A value of any other `Decodable` type, through its conformance.
    mutating func read<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try CacheDecoder.decodeValue(type, reader: &self, codingPath: [])
    }
}

/// Whether `key` is `name`'s bytes: lengths first (a type's keys mostly differ in length), then the
/// bytes at once. A stored finding's keys are each compared with a dozen names.
private func named(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
    guard key.count == name.utf8CodeUnitCount else { return false }
    guard let base = key.baseAddress, key.count > 0 else { return true }
    return memcmp(base, name.utf8Start, key.count) == 0
}

/// The value of a required key, or the error a missing key is.
private func required<Value>(_ value: Value?, _ type: Any.Type, _ key: String) throws -> Value {
    guard let value else {
        throw DecodingError.keyNotFound(
            CacheKey(stringValue: key), .init(codingPath: [], debugDescription: "no value for \(key) of \(type) in the cache file"))
    }
    return value
}

private struct CacheKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension Origin: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var path: String?, line: Int?, include: String?
        try reader.readObject(Origin.self) { key, value in
            if named(key, "path") { path = try value.readString() }
            else if named(key, "line") { line = try value.readInt() }
            else if named(key, "include") { include = try value.readOptional { try $0.readString() } }
        }
        self.init(path: try required(path, Origin.self, "path"), line: try required(line, Origin.self, "line"), include: include)
    }
}

extension LinkReference: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var destination: String?, origin: Origin?, column: Int?
        try reader.readObject(LinkReference.self) { key, value in
            if named(key, "destination") { destination = try value.readString() }
            else if named(key, "origin") { origin = try Origin(cache: &value) }
            else if named(key, "column") { column = try value.readInt() }
        }
        self.init(
            destination: try required(destination, LinkReference.self, "destination"), origin: try required(origin, LinkReference.self, "origin"),
            column: try required(column, LinkReference.self, "column"))
    }
}

extension DocumentLinks: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        try self.init(cache: &reader, omittingLinks: false)
    }

    /// `omittingLinks`: the links are skipped, not read (`links` is empty): what a run that checks
    /// again only the links of some documents reads of the others (see `CheckCache.Outcome.linkRestorer`).
    init(cache reader: inout CacheByteReader, omittingLinks: Bool) throws {
        var document: String?, locale: String?, edition: String?, tutorialPath: String?, anchors: [String]?, links: [LinkReference]?
        try reader.readObject(DocumentLinks.self) { key, value in
            if named(key, "document") { document = try value.readString() }
            else if named(key, "locale") { locale = try value.readString() }
            else if named(key, "edition") { edition = try value.readString() }
            else if named(key, "tutorialPath") { tutorialPath = try value.readString() }
            else if named(key, "anchors") { anchors = try value.readArray { try $0.readString() } }
            else if named(key, "links") { links = omittingLinks ? [] : try value.readArray { try LinkReference(cache: &$0) } }
        }
        self.init(
            document: try required(document, DocumentLinks.self, "document"), locale: try required(locale, DocumentLinks.self, "locale"),
            edition: try required(edition, DocumentLinks.self, "edition"), tutorialPath: try required(tutorialPath, DocumentLinks.self, "tutorialPath"),
            anchors: try required(anchors, DocumentLinks.self, "anchors"), links: try required(links, DocumentLinks.self, "links"))
    }
}

extension CacheByteReader {
    /// The array under the key `name` of the object of `type` at the offset (its other keys skipped),
    /// each element read by `element`; a missing key is refused, as the Decodable conformance of a
    /// type with that one required property refuses it.
    mutating func readArray<Element>(underKey name: StaticString, of type: Any.Type, _ element: (inout CacheByteReader) throws -> Element) throws -> [Element] {
        var elements: [Element]?
        try readObject(type) { key, value in
            if named(key, name) { elements = try value.readArray(element) }
        }
        return try required(elements, type, "\(name)")
    }
}

extension CheckCache.Outcome.Links: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        self.init(links: try reader.readArray(underKey: "links", of: Self.self) { try DocumentLinks(cache: &$0) })
    }
}

extension CheckCache.Outcome.AnchorsOnly: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        self.init(links: try reader.readArray(underKey: "links", of: Self.self) { try Document(cache: &$0) })
    }
}

extension DriftRow: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var document: String?, tutorialPath: String?, locale: String?, edition: String?, files: [String]?
        try reader.readObject(DriftRow.self) { key, value in
            if named(key, "document") { document = try value.readString() }
            else if named(key, "tutorialPath") { tutorialPath = try value.readString() }
            else if named(key, "locale") { locale = try value.readString() }
            else if named(key, "edition") { edition = try value.readString() }
            else if named(key, "files") { files = try value.readArray { try $0.readString() } }
        }
        self.init(
            document: try required(document, DriftRow.self, "document"), tutorialPath: try required(tutorialPath, DriftRow.self, "tutorialPath"),
            locale: try required(locale, DriftRow.self, "locale"), edition: try required(edition, DriftRow.self, "edition"),
            files: try required(files, DriftRow.self, "files"))
    }
}

extension LinkCache.Stored: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var version: Int?, key: String?, documents: [String: CachedValue<LinkCache.Record>]?
        try reader.readObject(LinkCache.Stored.self) { name, value in
            if named(name, "version") { version = try value.readInt() }
            else if named(name, "key") { key = try value.readString() }
            else if named(name, "documents") { documents = try value.readDictionary([String: CachedValue<LinkCache.Record>].self) { try CachedValue(cache: &$0) } }
        }
        self.init(key: try required(key, LinkCache.Stored.self, "key"), documents: try required(documents, LinkCache.Stored.self, "documents"))
        self.version = try required(version, LinkCache.Stored.self, "version")
    }
}

extension Finding.SourcePointer: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var path: String?, line: Int?
        try reader.readObject(Finding.SourcePointer.self) { key, value in
            if named(key, "path") { path = try value.readString() }
            else if named(key, "line") { line = try value.readInt() }
        }
        self.init(path: try required(path, Finding.SourcePointer.self, "path"), line: try required(line, Finding.SourcePointer.self, "line"))
    }
}

extension Finding: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var rule: String?, severity: Severity?, path: String?, line: Int?, column: Int?, message: String?, locale: String?
        var document: String?, source: SourcePointer?, fix: String?, diff: [TokenChange]?, fingerprint: String?, baseline: BaselineState?
        try reader.readObject(Finding.self) { key, value in
            if named(key, "rule") { rule = try value.readString() }
            else if named(key, "severity") { severity = try Severity(cache: &value) }
            else if named(key, "path") { path = try value.readString() }
            else if named(key, "line") { line = try value.readInt() }
            else if named(key, "column") { column = try value.readInt() }
            else if named(key, "message") { message = try value.readString() }
            else if named(key, "locale") { locale = try value.readString() }
            else if named(key, "document") { document = try value.readOptional { try $0.readString() } }
            else if named(key, "source") { source = try value.readOptional { try SourcePointer(cache: &$0) } }
            else if named(key, "fix") { fix = try value.readOptional { try $0.readString() } }
            else if named(key, "diff") { diff = try value.readOptional { try $0.read([TokenChange].self) } }
            else if named(key, "fingerprint") { fingerprint = try value.readOptional { try $0.readString() } }
            else if named(key, "baseline") { baseline = try value.readOptional { try $0.read(BaselineState.self) } }
        }
        let severe = try required(severity, Finding.self, "severity")
        self.init(
            rule: FindingRule(id: try required(rule, Finding.self, "rule"), severity: severe, summary: ""), severity: severe,
            path: try required(path, Finding.self, "path"),
            line: try required(line, Finding.self, "line"), column: try required(column, Finding.self, "column"),
            message: try required(message, Finding.self, "message"), locale: try required(locale, Finding.self, "locale"), source: source, fix: fix, diff: diff)
        self.document = document
        self.fingerprint = fingerprint
        self.baseline = baseline
    }
}

extension Baseline.Entry: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var rule: String?, path: String?, fingerprint: String?, line: Int?, message: String?, document: String?
        try reader.readObject(Baseline.Entry.self) { key, value in
            if named(key, "rule") { rule = try value.readString() }
            else if named(key, "path") { path = try value.readString() }
            else if named(key, "fingerprint") { fingerprint = try value.readString() }
            else if named(key, "line") { line = try value.readInt() }
            else if named(key, "message") { message = try value.readString() }
            else if named(key, "document") { document = try value.readOptional { try $0.readString() } }
        }
        self.init(
            rule: try required(rule, Baseline.Entry.self, "rule"), path: try required(path, Baseline.Entry.self, "path"),
            fingerprint: try required(fingerprint, Baseline.Entry.self, "fingerprint"), line: try required(line, Baseline.Entry.self, "line"),
            message: try required(message, Baseline.Entry.self, "message"), document: document)
    }
}

/// A baseline kept by the cache (see `BaselineFile.load(cache:)`): tens of thousands of entries.
extension Baseline: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var schema: String?, findings: [Entry]?
        try reader.readObject(Baseline.self) { key, value in
            if named(key, "schema") { schema = try value.readString() }
            else if named(key, "findings") { findings = try value.readArray { try Entry(cache: &$0) } }
        }
        self.init(findings: [])
        self.schema = try required(schema, Baseline.self, "schema")
        self.findings = try required(findings, Baseline.self, "findings")
    }
}

extension Severity: CacheReadable {
    /// `allCases`, made once (the synthesized property makes an array at each call).
    private static let everyCase = Severity.allCases

    /// Its raw value; any other string is refused, as `RawRepresentable`'s `Decodable` refuses it.
    init(cache reader: inout CacheByteReader) throws {
        guard try reader.tag() == .string else { throw CacheDecoder.mismatch(String.self, []) }
        // Compared as bytes: no string made for the name of each stored finding's severity.
        let range = try reader.stringBytes()
        let bytes = UnsafeRawBufferPointer(rebasing: reader.bytes[range])
        if let known = Self.everyCase.first(where: { bytes.elementsEqual($0.rawValue.utf8) }) {
            self = known
            return
        }
        let raw = String(decoding: bytes, as: UTF8.self)
        guard let severity = Severity(rawValue: raw) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no severity is \(raw)"))
        }
        self = severity
    }
}

extension CheckReport.Suppressed: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var byDocument: [String: Int]?, byFile: [String: Int]?
        try reader.readObject(CheckReport.Suppressed.self) { key, value in
            if named(key, "byDocument") { byDocument = try value.readDictionary([String: Int].self) { try $0.readInt() } }
            else if named(key, "byFile") { byFile = try value.readDictionary([String: Int].self) { try $0.readInt() } }
        }
        self.init()
        self.byDocument = try required(byDocument, CheckReport.Suppressed.self, "byDocument")
        self.byFile = try required(byFile, CheckReport.Suppressed.self, "byFile")
    }
}

extension SentenceStaleness.Counts: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var sentences: Int?, current: Int?, changed: Int?, removed: Int?, untranslated: Int?
        try reader.readObject(SentenceStaleness.Counts.self) { key, value in
            if named(key, "sentences") { sentences = try value.readInt() }
            else if named(key, "current") { current = try value.readInt() }
            else if named(key, "changed") { changed = try value.readInt() }
            else if named(key, "removed") { removed = try value.readInt() }
            else if named(key, "untranslated") { untranslated = try value.readInt() }
        }
        let type = SentenceStaleness.Counts.self
        self.init(sentences: try required(sentences, type, "sentences"), current: try required(current, type, "current"),
                  changed: try required(changed, type, "changed"), removed: try required(removed, type, "removed"),
                  untranslated: try required(untranslated, type, "untranslated"))
    }
}

extension CacheByteReader {
    /// Reads the object at the offset as a dictionary by its keys, each value with `value`.
    mutating func readDictionary<Value>(_ type: Any.Type, _ value: (inout CacheByteReader) throws -> Value) throws -> [String: Value] {
        var dictionary: [String: Value] = [:]
        try readObject(type, reserving: { dictionary.reserveCapacity($0) }) { key, reader in
            dictionary[String(decoding: key, as: UTF8.self)] = try value(&reader)
        }
        return dictionary
    }
}

extension SourceLocation: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var path: String?, line: Int?, column: Int?
        try reader.readObject(SourceLocation.self) { key, value in
            if named(key, "path") { path = try value.readString() }
            else if named(key, "line") { line = try value.readInt() }
            else if named(key, "column") { column = try value.readInt() }
        }
        self.init(path: try required(path, SourceLocation.self, "path"), line: try required(line, SourceLocation.self, "line"),
                  column: try required(column, SourceLocation.self, "column"))
    }
}

extension DiagnosticNote: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var location: SourceLocation?, message: String?
        try reader.readObject(DiagnosticNote.self) { key, value in
            if named(key, "location") { location = try value.readOptional { try SourceLocation(cache: &$0) } }
            else if named(key, "message") { message = try value.readString() }
        }
        self.init(location: location, message: try required(message, DiagnosticNote.self, "message"))
    }
}

extension Diagnostic: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var id: String?, severity: Severity?, location: SourceLocation?, summary: String?, fix: String?, notes: [DiagnosticNote]?
        try reader.readObject(Diagnostic.self) { key, value in
            if named(key, "id") { id = try value.readString() }
            else if named(key, "severity") { severity = try Severity(cache: &value) }
            else if named(key, "location") { location = try value.readOptional { try SourceLocation(cache: &$0) } }
            else if named(key, "summary") { summary = try value.readString() }
            else if named(key, "fix") { fix = try value.readOptional { try $0.readString() } }
            else if named(key, "notes") { notes = try value.readOptional { try $0.readArray { try DiagnosticNote(cache: &$0) } } }
        }
        self.init(id: try required(id, Diagnostic.self, "id"), severity: try required(severity, Diagnostic.self, "severity"), location: location,
                  summary: try required(summary, Diagnostic.self, "summary"), fix: fix, notes: notes ?? [])
    }
}

extension FileStamp: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var size: Int?, modified: Int?, hash: String?, assetID: String?, racy: Bool?
        try reader.readObject(FileStamp.self) { key, value in
            if named(key, "size") { size = try value.readInt() }
            else if named(key, "modified") { modified = try value.readInt() }
            else if named(key, "hash") { hash = try value.readString() }
            else if named(key, "assetID") { assetID = try value.readOptional { try $0.readString() } }
            else if named(key, "racy") { racy = try value.readOptional { try $0.read(Bool.self) } }
        }
        self.init(size: try required(size, FileStamp.self, "size"), modified: try required(modified, FileStamp.self, "modified"),
                  hash: try required(hash, FileStamp.self, "hash"), assetID: assetID, racy: racy)
    }
}

extension CheckCache.Index: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var version: Int?, key: String?, documents: [String]?, assets: String?, files: [String: FileStamp]?, absent: Set<String>?, generations: [String]?
        try reader.readObject(CheckCache.Index.self) { name, value in
            if named(name, "version") { version = try value.readInt() }
            else if named(name, "key") { key = try value.readString() }
            else if named(name, "documents") { documents = try value.readArray { try $0.readString() } }
            else if named(name, "assets") { assets = try value.readString() }
            else if named(name, "files") { files = try value.readDictionary([String: FileStamp].self) { try FileStamp(cache: &$0) } }
            // Tens of thousands of missing files: the set is made at its size, not grown.
            else if named(name, "absent") { absent = Set(uniqueElements: try value.readArray { try $0.readString() }) }
            else if named(name, "generations") { generations = try value.readArray { try $0.readString() } }
        }
        self.init(
            version: try required(version, CheckCache.Index.self, "version"), key: try required(key, CheckCache.Index.self, "key"),
            documents: try required(documents, CheckCache.Index.self, "documents"), assets: try required(assets, CheckCache.Index.self, "assets"),
            files: try required(files, CheckCache.Index.self, "files"), absent: try required(absent, CheckCache.Index.self, "absent"),
            generations: try required(generations, CheckCache.Index.self, "generations"))
    }
}

extension Set {
    /// A set of `elements` made at their count (a stored set's elements are distinct); should two be
    /// equal, the set holds one, as `Set(_:)` would.
    init(uniqueElements elements: [Element]) {
        self.init(minimumCapacity: elements.count)
        for element in elements { insert(element) }
    }
}

extension CheckCache.Entry: CacheReadable {
    private init(dependencies: CheckCache.Dependencies, dependencyKey: String, share: CachedValue<CheckReport>, fingerprint: String, header: CheckCache.Header?) {
        self.dependencies = dependencies
        self.dependencyKey = dependencyKey
        self.share = share
        self.fingerprint = fingerprint
        self.header = header
    }

    init(cache reader: inout CacheByteReader) throws {
        var dependencies: CheckCache.Dependencies?, dependencyKey: String?, share: CachedValue<CheckReport>?, fingerprint: String?
        var header: CheckCache.Header?
        try reader.readObject(CheckCache.Entry.self) { key, value in
            if named(key, "dependencies") { dependencies = try CheckCache.Dependencies(flat: value.readArray { try $0.readString() }) }
            else if named(key, "dependencyKey") { dependencyKey = try value.readString() }
            else if named(key, "share") { share = try CachedValue<CheckReport>(cache: &value) }
            else if named(key, "fingerprint") { fingerprint = try value.readString() }
            else if named(key, "header") { header = try value.readOptional { try CheckCache.Header(cache: &$0) } }
        }
        self.init(
            dependencies: try required(dependencies, CheckCache.Entry.self, "dependencies"),
            dependencyKey: try required(dependencyKey, CheckCache.Entry.self, "dependencyKey"), share: try required(share, CheckCache.Entry.self, "share"),
            fingerprint: try required(fingerprint, CheckCache.Entry.self, "fingerprint"), header: header)
    }
}

extension CheckCache.Header: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var assetID: String?
        try reader.readObject(CheckCache.Header.self) { key, value in
            if named(key, "assetID") { assetID = try value.readOptional { try $0.readString() } }
        }
        self.init(assetID: assetID)
    }
}

extension CacheByteReader {
    /// A cache bucket (`type`): its format version, its key, one more string (under `label`) and its
    /// values by file path (under `values`), each read with `value`; a missing one refused.
    mutating func readBucket<Value>(_ type: Any.Type, label: StaticString, values: StaticString, _ value: (inout CacheByteReader) throws -> Value) throws
        -> (version: Int, key: String, label: String, values: [String: Value])
    {
        var version: Int?, key: String?, text: String?, read: [String: Value]?
        try readObject(type) { name, reader in
            if named(name, "version") { version = try reader.readInt() }
            else if named(name, "key") { key = try reader.readString() }
            else if named(name, label) { text = try reader.readString() }
            else if named(name, values) { read = try reader.readDictionary([String: Value].self, value) }
        }
        return (try required(version, type, "version"), try required(key, type, "key"), try required(text, type, "\(label)"),
                try required(read, type, "\(values)"))
    }
}

/// A bucket of the check cache's shares: read whole by every warm run.
extension CheckCache.Bucket: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        let read = try reader.readBucket(CheckCache.Bucket.self, label: "generation", values: "entries") { try CheckCache.Entry(cache: &$0) }
        self.init(version: read.version, key: read.key, generation: read.label, entries: read.values)
    }
}

/// A bucket of the site cache's pages: read whole by every warm build.
extension SiteCache.Bucket: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        let read = try reader.readBucket(SiteCache.Bucket.self, label: "plan", values: "pages") { try SiteCache.Page(cache: &$0) }
        self.init(version: read.version, key: read.key, plan: read.label, pages: read.values)
    }
}

extension SiteCache.Page: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var page: String?, dependencyKey: String?, samples: [String: Int]?, stamp: FileStamp?, title: String?, headerTitle: String?
        var description: String?, row: DriftRow?, media: [String]?, diagnostics: [Diagnostic]?, search: CachedValue<SearchDocument>?
        var searchFingerprint: String?
        try reader.readObject(SiteCache.Page.self) { key, value in
            if named(key, "page") { page = try value.readString() }
            else if named(key, "dependencyKey") { dependencyKey = try value.readString() }
            else if named(key, "samples") { samples = try value.readDictionary([String: Int].self) { try $0.readInt() } }
            else if named(key, "stamp") { stamp = try FileStamp(cache: &value) }
            else if named(key, "title") { title = try value.readString() }
            else if named(key, "headerTitle") { headerTitle = try value.readOptional { try $0.readString() } }
            else if named(key, "description") { description = try value.readOptional { try $0.readString() } }
            else if named(key, "row") { row = try value.read(DriftRow.self) }
            else if named(key, "media") { media = try value.readArray { try $0.readString() } }
            else if named(key, "diagnostics") { diagnostics = try value.readArray { try Diagnostic(cache: &$0) } }
            else if named(key, "search") { search = try value.readOptional { try CachedValue<SearchDocument>(cache: &$0) } }
            else if named(key, "searchFingerprint") { searchFingerprint = try value.readOptional { try $0.readString() } }
        }
        self.init(
            page: try required(page, SiteCache.Page.self, "page"), dependencyKey: try required(dependencyKey, SiteCache.Page.self, "dependencyKey"),
            samples: try required(samples, SiteCache.Page.self, "samples"), stamp: try required(stamp, SiteCache.Page.self, "stamp"),
            title: try required(title, SiteCache.Page.self, "title"), headerTitle: headerTitle, description: description,
            row: try required(row, SiteCache.Page.self, "row"), media: try required(media, SiteCache.Page.self, "media"),
            diagnostics: try required(diagnostics, SiteCache.Page.self, "diagnostics"), search: search, searchFingerprint: searchFingerprint)
    }
}

extension CheckSummary: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var documents: Int?, files: Int?, findings: Int?, known: Int?, fixed: Int?, suppressed: Int?
        var bySeverity: [String: Int]?, byRule: [String: Int]?, byLocale: [String: Int]?, samples: [String: Int]?
        func counts(_ value: inout CacheByteReader) throws -> [String: Int] { try value.readDictionary([String: Int].self) { try $0.readInt() } }
        try reader.readObject(CheckSummary.self) { key, value in
            if named(key, "documents") { documents = try value.readInt() }
            else if named(key, "files") { files = try value.readInt() }
            else if named(key, "findings") { findings = try value.readInt() }
            else if named(key, "bySeverity") { bySeverity = try counts(&value) }
            else if named(key, "byRule") { byRule = try counts(&value) }
            else if named(key, "byLocale") { byLocale = try counts(&value) }
            else if named(key, "samples") { samples = try counts(&value) }
            else if named(key, "known") { known = try value.readInt() }
            else if named(key, "fixed") { fixed = try value.readInt() }
            else if named(key, "suppressed") { suppressed = try value.readInt() }
        }
        // The summary's initializer counts findings: an empty one, then every count as stored.
        self = CheckReport(findings: [], alignments: [], staleness: [:], documents: 0, files: 0).summary
        self.documents = try required(documents, CheckSummary.self, "documents")
        self.files = try required(files, CheckSummary.self, "files")
        self.findings = try required(findings, CheckSummary.self, "findings")
        self.bySeverity = try required(bySeverity, CheckSummary.self, "bySeverity")
        self.byRule = try required(byRule, CheckSummary.self, "byRule")
        self.byLocale = try required(byLocale, CheckSummary.self, "byLocale")
        self.samples = try required(samples, CheckSummary.self, "samples")
        self.known = try required(known, CheckSummary.self, "known")
        self.fixed = try required(fixed, CheckSummary.self, "fixed")
        self.suppressed = try required(suppressed, CheckSummary.self, "suppressed")
    }
}

extension CheckReport: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        try self.init(cache: &reader, omittingLinks: false)
    }

    /// `omittingLinks`: each document's links are skipped (see `DocumentLinks.init(cache:omittingLinks:)`).
    init(cache reader: inout CacheByteReader, omittingLinks: Bool) throws {
        var schema: String?, findings: [Finding]?, alignments: [TutorialAlignment]?, sources: [String: String]?
        var staleness: [String: SentenceStaleness.Counts]?, summary: CheckSummary?, fixed: [Baseline.Entry]?
        var checkedFiles: Set<String>?, checkedDocuments: Set<String>?, lintedFiles: Set<String>?, suppressions: Suppressed?
        var links: [DocumentLinks]?, sampleCounts: [String: Int]?
        func strings(_ value: inout CacheByteReader) throws -> Set<String> { Set(try value.readArray { try $0.readString() }) }
        try reader.readObject(CheckReport.self) { key, value in
            if named(key, "schema") { schema = try value.readString() }
            else if named(key, "findings") { findings = try value.readArray { try Finding(cache: &$0) } }
            // Each alignment and accepted entry through its Decodable conformance: a stored share has neither.
            else if named(key, "alignments") { alignments = try value.readArray { try $0.read(TutorialAlignment.self) } }
            else if named(key, "sources") { sources = try value.readDictionary([String: String].self) { try $0.readString() } }
            else if named(key, "staleness") { staleness = try value.readDictionary([String: SentenceStaleness.Counts].self) { try SentenceStaleness.Counts(cache: &$0) } }
            else if named(key, "summary") { summary = try CheckSummary(cache: &value) }
            else if named(key, "fixed") { fixed = try value.readArray { try $0.read(Baseline.Entry.self) } }
            else if named(key, "checkedFiles") { checkedFiles = try strings(&value) }
            else if named(key, "checkedDocuments") { checkedDocuments = try strings(&value) }
            else if named(key, "lintedFiles") { lintedFiles = try strings(&value) }
            else if named(key, "suppressions") { suppressions = try Suppressed(cache: &value) }
            else if named(key, "links") { links = try value.readArray { try DocumentLinks(cache: &$0, omittingLinks: omittingLinks) } }
            else if named(key, "sampleCounts") { sampleCounts = try value.readDictionary([String: Int].self) { try $0.readInt() } }
        }
        self.init(findings: [], alignments: [], staleness: [:], documents: 0, files: 0)
        self.schema = try required(schema, CheckReport.self, "schema")
        self.findings = try required(findings, CheckReport.self, "findings")
        self.alignments = try required(alignments, CheckReport.self, "alignments")
        self.sources = try required(sources, CheckReport.self, "sources")
        self.staleness = try required(staleness, CheckReport.self, "staleness")
        self.summary = try required(summary, CheckReport.self, "summary")
        self.fixed = try required(fixed, CheckReport.self, "fixed")
        self.checkedFiles = try required(checkedFiles, CheckReport.self, "checkedFiles")
        self.checkedDocuments = try required(checkedDocuments, CheckReport.self, "checkedDocuments")
        self.lintedFiles = try required(lintedFiles, CheckReport.self, "lintedFiles")
        self.suppressions = try required(suppressions, CheckReport.self, "suppressions")
        self.links = try required(links, CheckReport.self, "links")
        self.sampleCounts = try required(sampleCounts, CheckReport.self, "sampleCounts")
    }
}

extension LinkCache.Record: CacheReadable {
    init(cache reader: inout CacheByteReader) throws {
        var dependencyKey: String?, anchors: String?, targets: [String]?, findings: [Finding]?
        try reader.readObject(LinkCache.Record.self) { key, value in
            if named(key, "dependencyKey") { dependencyKey = try value.readString() }
            else if named(key, "anchors") { anchors = try value.readString() }
            else if named(key, "targets") { targets = try value.readArray { try $0.readString() } }
            else if named(key, "findings") { findings = try value.readArray { try Finding(cache: &$0) } }
        }
        self.init(
            dependencyKey: try required(dependencyKey, LinkCache.Record.self, "dependencyKey"),
            anchors: try required(anchors, LinkCache.Record.self, "anchors"),
            targets: try required(targets, LinkCache.Record.self, "targets"), findings: try required(findings, LinkCache.Record.self, "findings"))
    }
}
