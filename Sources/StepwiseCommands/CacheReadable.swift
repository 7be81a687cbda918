import Foundation
import Localization
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
    mutating func readObject(_ type: Any.Type, _ entry: (_ key: UnsafeRawBufferPointer, _ value: inout CacheByteReader) throws -> Void) throws {
        guard try tag() == .object else { throw CacheDecoder.mismatch(type, []) }
        let (end, count) = try container()
        for _ in 0..<count {
            let key = try stringBytes()
            var value = CacheByteReader(bytes, offset: offset)
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

/// Whether `key` is `name`'s bytes.
private func named(_ key: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
    key.elementsEqual(UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
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
        var document: String?, locale: String?, edition: String?, tutorialPath: String?, anchors: [String]?, links: [LinkReference]?
        try reader.readObject(DocumentLinks.self) { key, value in
            if named(key, "document") { document = try value.readString() }
            else if named(key, "locale") { locale = try value.readString() }
            else if named(key, "edition") { edition = try value.readString() }
            else if named(key, "tutorialPath") { tutorialPath = try value.readString() }
            else if named(key, "anchors") { anchors = try value.readArray { try $0.readString() } }
            else if named(key, "links") { links = try value.readArray { try LinkReference(cache: &$0) } }
        }
        self.init(
            document: try required(document, DocumentLinks.self, "document"), locale: try required(locale, DocumentLinks.self, "locale"),
            edition: try required(edition, DocumentLinks.self, "edition"), tutorialPath: try required(tutorialPath, DocumentLinks.self, "tutorialPath"),
            anchors: try required(anchors, DocumentLinks.self, "anchors"), links: try required(links, DocumentLinks.self, "links"))
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
            else if named(key, "severity") { severity = try value.read(Severity.self) }
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
