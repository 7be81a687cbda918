import Foundation
import StepwiseDiagnostics

/// A value of a cache file as a tree: what a cache file can be read back into whole (to inspect or
/// alter it; a build decodes the bytes directly, see `CacheDecoder`), and the scalars `CacheEncoder`
/// writes. Not `indirect`: its arrays hold the nested values, and a scalar needs no box.
///
/// Bytes: a tag, then the payload — integers as (zigzag) LEB128, a double as its 8 bytes, a string as
/// its UTF-8 length and bytes; an array or object as the byte length of the rest (4 bytes, so a reader
/// skips it at once), its count, then its elements (an object's each a key string and a value).
enum CacheValue: Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([CacheValue])
    case object([(key: String, value: CacheValue)])

    enum Tag: UInt8 {
        case null, `false`, `true`, int, uint, double, string, array, object
    }

    static func == (left: CacheValue, right: CacheValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.uint(a), .uint(b)): a == b
        case let (.double(a), .double(b)): a.bitPattern == b.bitPattern
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    /// The value with every string stored under `key`, at any depth, replaced by `transform`'s result.
    func replacingStrings(forKey key: String, _ transform: (String) -> String) -> CacheValue {
        switch self {
        case let .array(items):
            return .array(items.map { $0.replacingStrings(forKey: key, transform) })
        case let .object(entries):
            return .object(entries.map { entry in
                if entry.key == key, case let .string(text) = entry.value { return (entry.key, .string(transform(text))) }
                return (entry.key, entry.value.replacingStrings(forKey: key, transform))
            })
        default:
            return self
        }
    }

    // MARK: Bytes

    /// The value's bytes.
    var bytes: [UInt8] {
        var writer = CacheByteWriter()
        writer.write(self)
        return writer.bytes
    }

    /// The value whose bytes are `bytes`; throws when they are not one whole value.
    init(bytes: UnsafeRawBufferPointer) throws {
        var reader = CacheByteReader(bytes)
        self = try reader.value()
        guard reader.offset == bytes.count else { throw CacheByteReader.damaged }
    }
}

/// Writes `CacheValue`s as bytes.
struct CacheByteWriter {
    var bytes: [UInt8] = []
    /// The entries written so far of the object `writeObject` is writing.
    var objectEntries = 0

    mutating func write(_ value: CacheValue) {
        switch value {
        case .null: bytes.append(CacheValue.Tag.null.rawValue)
        case let .bool(flag): bytes.append((flag ? CacheValue.Tag.true : .false).rawValue)
        case let .int(number):
            bytes.append(CacheValue.Tag.int.rawValue)
            LEB128.append(signed: number, to: &bytes)
        case let .uint(number):
            bytes.append(CacheValue.Tag.uint.rawValue)
            LEB128.append(number, to: &bytes)
        case let .double(number):
            bytes.append(CacheValue.Tag.double.rawValue)
            withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case let .string(text):
            bytes.append(CacheValue.Tag.string.rawValue)
            writeString(text)
        case let .array(items):
            let lengthAt = begin(.array, count: items.count)
            for item in items { write(item) }
            end(lengthAt)
        case let .object(entries):
            let lengthAt = begin(.object, count: entries.count)
            for entry in entries {
                writeString(entry.key)
                write(entry.value)
            }
            end(lengthAt)
        }
    }

    /// An array's or object's tag, room for the byte length of what follows and its count: where the
    /// length goes once the elements are written (`end`).
    mutating func begin(_ tag: CacheValue.Tag, count: Int) -> Int {
        let lengthAt = begin(tag)
        LEB128.append(UInt64(count), to: &bytes)
        return lengthAt
    }

    /// An array's or object's tag and room for its byte length, its count left to the caller.
    mutating func begin(_ tag: CacheValue.Tag) -> Int {
        bytes.append(tag.rawValue)
        let lengthAt = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        return lengthAt
    }

    mutating func end(_ lengthAt: Int) {
        let length = UInt32(bytes.count - lengthAt - 4)
        for index in 0..<4 { bytes[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
    }

    mutating func writeString(_ text: String) {
        LEB128.append(string: text, to: &bytes)
    }
}

/// Reads the bytes `CacheByteWriter` writes, checking every bound: damaged bytes throw, never crash.
struct CacheByteReader {
    static let damaged = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "damaged cache file"))

    let bytes: UnsafeRawBufferPointer
    var offset = 0
    /// The cache file `bytes` are the payload of, when it is read from one (`CacheFile.read`): a
    /// stored value may keep its bytes there (`CachedValue`). Not retained by each reader (readers
    /// are made by the million): the file outlives the read.
    unowned(unsafe) var file: CacheFile.Mapped?
    /// The long strings this read decoded last (see `RecentStrings`), shared by the readers of one
    /// value's parts; not retained by each reader, as `file`: the read that made it keeps it.
    unowned(unsafe) var strings: RecentStrings?

    init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func tag() throws -> CacheValue.Tag {
        guard offset < bytes.count, let tag = CacheValue.Tag(rawValue: bytes[offset]) else { throw Self.damaged }
        offset += 1
        return tag
    }

    mutating func varint() throws -> UInt64 {
        guard let number = LEB128.read(bytes, at: &offset) else { throw Self.damaged }
        return number
    }

    mutating func int() throws -> Int64 {
        LEB128.signed(try varint())
    }

    mutating func double() throws -> Double {
        guard offset + 8 <= bytes.count else { throw Self.damaged }
        defer { offset += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
    }

    /// The bounds of a string's UTF-8 bytes, skipped.
    mutating func stringBytes() throws -> Range<Int> {
        guard let range = LEB128.stringBytes(bytes, at: &offset) else { throw Self.damaged }
        return range
    }

    mutating func string() throws -> String {
        let range = try stringBytes()
        let text = UnsafeRawBufferPointer(rebasing: bytes[range])
        if let strings { return strings.string(text) }
        return String(decoding: text, as: UTF8.self)
    }

    /// `body` given this reader reading long strings through a `RecentStrings` of its own (the
    /// readers of the value's parts share it), which lives as long as `body` runs.
    mutating func sharingStrings<T>(_ body: (inout CacheByteReader) throws -> T) rethrows -> T {
        let recent = RecentStrings()
        return try withExtendedLifetime(recent) {
            strings = recent
            defer { strings = nil }
            return try body(&self)
        }
    }

    /// After an array's or object's tag: where it ends, and its count.
    mutating func container() throws -> (end: Int, count: Int) {
        guard offset + 4 <= bytes.count else { throw Self.damaged }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        offset += 4
        let end = offset + length
        let count = try varint()
        // Every element takes at least a byte: a count beyond the length is damage.
        guard end <= bytes.count, count <= UInt64(end - offset) else { throw Self.damaged }
        return (end, Int(count))
    }

    /// Skips one value.
    mutating func skip() throws {
        switch try tag() {
        case .null, .false, .true: break
        case .int, .uint: _ = try varint()
        case .double: _ = try double()
        case .string: _ = try stringBytes()
        case .array, .object: offset = try container().end
        }
    }

    /// One whole value.
    mutating func value() throws -> CacheValue {
        switch try tag() {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return .int(try int())
        case .uint: return .uint(try varint())
        case .double: return .double(try double())
        case .string: return .string(try string())
        case .array:
            let (end, count) = try container()
            let items = try (0..<count).map { _ in try value() }
            guard offset == end else { throw Self.damaged }
            return .array(items)
        case .object:
            let (end, count) = try container()
            let entries = try (0..<count).map { _ in (key: try string(), value: try value()) }
            guard offset == end else { throw Self.damaged }
            return .object(entries)
        }
    }
}

/// The long strings a read decoded last, 64 of them, each in a slot chosen by its length and last
/// bytes: a string read again while it is there is that string again (the same storage), not a copy.
/// A value read from the cache repeats many long strings — each finding of a document names its file
/// and document, each of its links its origin's file — and a corpus's report, decoded, held tens of
/// megabytes of copies of them. A string of at most 15 bytes is stored in the string value itself
/// and is always made anew. Used by one read, on one thread.
final class RecentStrings {
    private static let count = 64
    /// The slots, held through a pointer: an array property of a class is checked for exclusive
    /// access at every read and write, a cost as large as the lookup's (a corpus's cache read
    /// looks up millions of strings).
    private let slots = UnsafeMutablePointer<String>.allocate(capacity: RecentStrings.count)

    init() {
        slots.initialize(repeating: "", count: Self.count)
    }

    deinit {
        slots.deinitialize(count: Self.count)
        slots.deallocate()
    }

    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        let count = bytes.count
        guard count > 15, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
        let tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        let slot = Int(truncatingIfNeeded: ((tail ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
        let known = slots[slot]
        let same = known.utf8.count == count
            && known.utf8.withContiguousStorageIfAvailable { stored in stored.baseAddress.map { memcmp($0, base, count) == 0 } ?? false } == true
        if same { return known }
        let made = String(decoding: bytes, as: UTF8.self)
        slots[slot] = made
        return made
    }
}
