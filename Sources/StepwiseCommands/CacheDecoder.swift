import Foundation

/// Decodes a `Decodable` value from the cache's binary form (see `CacheValue`), reading the bytes in
/// place: an object's keys are found by comparing bytes, a value not asked for is skipped by its length.
/// Damaged bytes throw a `DecodingError`, never crash. The coding path stays the top value's: a
/// value that cannot be read is refused whole, and building a path for every key read was a large part
/// of decoding a cache.
enum CacheDecoder {
    /// `file`: the cache file `bytes` are the payload of, if any (see `CacheByteReader.file`).
    static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer, file: CacheFile.Mapped? = nil) throws -> T {
        var reader = CacheByteReader(bytes)
        reader.file = file
        return try reader.sharingStrings { reader in
            let value = try decodeValue(type, reader: &reader, codingPath: [])
            guard reader.offset == bytes.count else { throw CacheByteReader.damaged }
            return value
        }
    }

    /// The value at the reader's offset, which moves past it.
    static func decodeValue<T: Decodable>(_ type: T.Type, reader: inout CacheByteReader, codingPath: [any CodingKey]) throws -> T {
        if T.self == String.self {
            guard try reader.tag() == .string else { throw mismatch(type, codingPath) }
            return try reader.string() as! T
        }
        if T.self == Int.self {
            guard try reader.tag() == .int else { throw mismatch(type, codingPath) }
            return Int(try reader.int()) as! T
        }
        if let readable = T.self as? any CacheReadable.Type { return try readable.init(cache: &reader) as! T }
        let start = reader.offset
        try reader.skip()
        return try T(from: Decoding(bytes: reader.bytes, offset: start, codingPath: codingPath))
    }

    static func mismatch(_ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "not a \(type) in the cache file"))
    }

    /// A decoder positioned on one value.
    struct Decoding: Decoder {
        let bytes: UnsafeRawBufferPointer
        let offset: Int
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            KeyedDecodingContainer(try Keyed<Key>(bytes: bytes, offset: offset, codingPath: codingPath))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try Unkeyed(bytes: bytes, offset: offset, codingPath: codingPath)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(reader: CacheByteReader(bytes, offset: offset), codingPath: codingPath)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let bytes: UnsafeRawBufferPointer
        var codingPath: [any CodingKey]
        /// Each entry's key bytes and where its value starts, in stored order.
        private let entries: [(key: Range<Int>, value: Int)]
        /// Where the next lookup starts: keys are usually asked for in the order they were written.
        private let hint = Hint()

        /// The entry after the last one found.
        private final class Hint {
            var next = 0
        }

        init(bytes: UnsafeRawBufferPointer, offset: Int, codingPath: [any CodingKey]) throws {
            self.bytes = bytes
            self.codingPath = codingPath
            var reader = CacheByteReader(bytes, offset: offset)
            guard try reader.tag() == .object else { throw CacheDecoder.mismatch([String: Any].self, codingPath) }
            let (end, count) = try reader.container()
            var entries: [(key: Range<Int>, value: Int)] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let key = try reader.stringBytes()
                entries.append((key, reader.offset))
                try reader.skip()
            }
            guard reader.offset == end else { throw CacheByteReader.damaged }
            self.entries = entries
        }

        var allKeys: [Key] {
            entries.compactMap { Key(stringValue: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0.key]), as: UTF8.self)) }
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }

        /// The index of `key`'s entry, looked for from the hint on, then from the start.
        private func find(_ key: Key) -> Int? {
            var name = key.stringValue
            return name.withUTF8 { utf8 -> Int? in
                let count = entries.count
                for step in 0..<count {
                    let index = (hint.next + step) % count
                    let range = entries[index].key
                    if range.count == utf8.count, memcmp(bytes.baseAddress! + range.lowerBound, utf8.baseAddress!, utf8.count) == 0 { return index }
                }
                return nil
            }
        }

        private func reader(for key: Key) throws -> CacheByteReader {
            guard let index = find(key) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no value for \(key.stringValue) in the cache file"))
            }
            hint.next = index + 1
            return CacheByteReader(bytes, offset: entries[index].value)
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            var reader = try reader(for: key)
            return try reader.tag() == .null
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            var reader = try reader(for: key)
            return try CacheDecoder.decodeValue(type, reader: &reader, codingPath: codingPath)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let index = find(key) else { return nil }
            hint.next = index + 1
            var reader = CacheByteReader(bytes, offset: entries[index].value)
            if bytes[reader.offset] == CacheValue.Tag.null.rawValue { return nil }
            return try CacheDecoder.decodeValue(type, reader: &reader, codingPath: codingPath)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            let reader = try reader(for: key)
            return KeyedDecodingContainer(try Keyed<NestedKey>(bytes: bytes, offset: reader.offset, codingPath: codingPath))
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            let reader = try reader(for: key)
            return try Unkeyed(bytes: bytes, offset: reader.offset, codingPath: codingPath)
        }

        func superDecoder() throws -> any Decoder {
            guard let key = Key(stringValue: "super") else { throw CacheByteReader.damaged }
            return try superDecoder(forKey: key)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            Decoding(bytes: bytes, offset: try reader(for: key).offset, codingPath: codingPath)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        var reader: CacheByteReader
        var codingPath: [any CodingKey]
        let count: Int?
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex >= (count ?? 0) }

        init(bytes: UnsafeRawBufferPointer, offset: Int, codingPath: [any CodingKey]) throws {
            reader = CacheByteReader(bytes, offset: offset)
            self.codingPath = codingPath
            guard try reader.tag() == .array else { throw CacheDecoder.mismatch([Any].self, codingPath) }
            count = try reader.container().count
        }

        private func checkNotAtEnd(_ type: Any.Type) throws {
            if isAtEnd { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "past the end of an array in the cache file")) }
        }

        mutating func decodeNil() throws -> Bool {
            try checkNotAtEnd(Any?.self)
            guard reader.bytes[reader.offset] == CacheValue.Tag.null.rawValue else { return false }
            reader.offset += 1
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try checkNotAtEnd(type)
            defer { currentIndex += 1 }
            return try CacheDecoder.decodeValue(type, reader: &reader, codingPath: codingPath)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try checkNotAtEnd(type)
            let container = try Keyed<NestedKey>(bytes: reader.bytes, offset: reader.offset, codingPath: codingPath)
            try reader.skip()
            currentIndex += 1
            return KeyedDecodingContainer(container)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try checkNotAtEnd([Any].self)
            let container = try Unkeyed(bytes: reader.bytes, offset: reader.offset, codingPath: codingPath)
            try reader.skip()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> any Decoder {
            try checkNotAtEnd(Any.self)
            let decoder = Decoding(bytes: reader.bytes, offset: reader.offset, codingPath: codingPath)
            try reader.skip()
            currentIndex += 1
            return decoder
        }
    }

    struct Single: SingleValueDecodingContainer {
        let reader: CacheByteReader
        var codingPath: [any CodingKey]

        func decodeNil() -> Bool { reader.offset < reader.bytes.count && reader.bytes[reader.offset] == CacheValue.Tag.null.rawValue }

        func decode(_ type: Bool.Type) throws -> Bool {
            var reader = reader
            switch try reader.tag() {
            case .true: return true
            case .false: return false
            default: throw CacheDecoder.mismatch(type, codingPath)
            }
        }

        func decode(_ type: String.Type) throws -> String {
            var reader = reader
            guard try reader.tag() == .string else { throw CacheDecoder.mismatch(type, codingPath) }
            return try reader.string()
        }

        func decode(_ type: Double.Type) throws -> Double {
            var reader = reader
            guard try reader.tag() == .double else { throw CacheDecoder.mismatch(type, codingPath) }
            return try reader.double()
        }

        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

        private func signed<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            var reader = reader
            let tag = try reader.tag()
            let value: T? = switch tag {
            case .int: T(exactly: try reader.int())
            case .uint: T(exactly: try reader.varint())
            default: nil
            }
            guard let value else { throw CacheDecoder.mismatch(type, codingPath) }
            return value
        }

        func decode(_ type: Int.Type) throws -> Int { try signed(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try signed(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try signed(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try signed(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try signed(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try signed(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try signed(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try signed(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try signed(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try signed(type) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            var reader = reader
            return try CacheDecoder.decodeValue(type, reader: &reader, codingPath: codingPath)
        }
    }
}
