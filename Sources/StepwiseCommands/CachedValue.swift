import Foundation

/// A value kept in a cache file as its bytes and decoded only when asked for: a warm build reads
/// thousands of entries and needs this part of few of them (a kept page's search document is read
/// only when its locale's search index is built again). The cache's encoder and decoder copy the
/// bytes as they are; any other coder sees the value itself.
struct CachedValue<Value: Codable>: Codable, @unchecked Sendable {
    /// The value in the cache's binary form (see `CacheValue`): bytes of its own (a value encoded in
    /// this run), or the part of the mapped cache file it was read from, left where it lies — a warm
    /// run reads the corpus's 115 MB of stored shares, and a copy of each touched as much fresh memory.
    /// Or set aside in a spool (`spooled(in:)`) by a run that holds every document's share to its
    /// end, read back each time they are asked for.
    private enum Storage {
        case owned([UInt8])
        case mapped(Data)
        case spooled(Spool.Spooled)
    }

    private var storage: Storage

    init(_ value: Value) throws {
        let bytes = try CacheEncoder.encode(value)
        // Kept at their size: the writer's array grew by doubling, and a run holds the shares of every
        // document it checked until they are saved (a quarter of a cold check's shares was room unused).
        self.init(bytes: bytes.count == bytes.capacity ? bytes : [UInt8](unsafeUninitializedCapacity: bytes.count) { room, count in
            count = room.initialize(fromContentsOf: bytes)
        })
    }

    private init(bytes: [UInt8]) {
        storage = .owned(bytes)
    }

    private init(mapped: Data) {
        storage = .mapped(mapped)
    }

    /// Lets go of the value's bytes, for a value read for the last time: the value is damaged after
    /// (`value` is nil), and its bytes are freed unless another copy of the value holds them.
    mutating func release() {
        storage = .owned([])
    }

    /// The value's bytes (a copy of them when they lie in a cache file or a spool; none when they
    /// cannot be read back from the spool: the value is then damaged).
    var bytes: [UInt8] {
        switch storage {
        case .owned(let bytes): bytes
        case .mapped(let data): [UInt8](data)
        case .spooled(let spooled): spooled.bytes ?? []
        }
    }

    /// `body` of the value's bytes, wherever they are (read back for it from a spool).
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .owned(let bytes): try bytes.withUnsafeBytes(body)
        case .mapped(let data): try data.withUnsafeBytes(body)
        case .spooled(let spooled): try (spooled.bytes ?? []).withUnsafeBytes(body)
        }
    }

    /// The value with its bytes set aside in `spool` rather than held (unless they lie in a cache
    /// file already, or cannot be written: then as it is).
    func spooled(in spool: Spool) -> CachedValue {
        guard case .owned(let bytes) = storage, let spooled = bytes.withUnsafeBytes({ spool.append($0) }) else { return self }
        var value = self
        value.storage = .spooled(spooled)
        return value
    }

    /// Whether the value's bytes are held in memory (not in a cache file or a spool).
    var isHeld: Bool {
        if case .owned = storage { true } else { false }
    }

    /// The value, decoded from its bytes; nil when they are damaged.
    var value: Value? {
        decoded(as: Value.self)
    }

    /// A part of the value: `T` decoded from the same bytes (the keys it asks for are read, the
    /// others skipped by their length); nil when they are damaged.
    func decoded<T: Decodable>(as type: T.Type) -> T? {
        withBytes { try? CacheDecoder.decode(type, from: $0) }
    }

    /// The bytes of the value stored under `key` in this value (an object); nil when it has none.
    func bytes(forKey key: String) -> ArraySlice<UInt8>? {
        withBytes { buffer -> ArraySlice<UInt8>? in
            var reader = CacheByteReader(buffer)
            guard (try? reader.tag()) == .object, let (_, count) = try? reader.container() else { return nil }
            for _ in 0..<count {
                guard let name = try? reader.stringBytes() else { return nil }
                let start = reader.offset
                guard (try? reader.skip()) != nil else { return nil }
                guard buffer[name].elementsEqual(key.utf8) else { continue }
                if case .owned(let bytes) = storage { return bytes[start..<reader.offset] }
                return ArraySlice(UnsafeRawBufferPointer(rebasing: buffer[start..<reader.offset]))
            }
            return nil
        }
    }

    init(from decoder: any Decoder) throws {
        // Through the cache's decoder: its bytes as the cache's own reader takes them (`init(cache:)`).
        if let decoding = decoder as? CacheDecoder.Decoding {
            var reader = CacheByteReader(decoding.bytes, offset: decoding.offset)
            try self.init(cache: &reader)
        } else {
            try self.init(Value(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        if let encoding = encoder as? CacheEncoder.Encoding {
            encoding.node.encoded = bytes
            return
        }
        guard let value else { throw EncodingError.invalidValue(bytes, .init(codingPath: encoder.codingPath, debugDescription: "damaged cached value")) }
        try value.encode(to: encoder)
    }
}

extension CachedValue: CacheReadable {
    /// The value's bytes as they are, the reader moved past them: left in the cache file when the
    /// reader reads one (`CacheByteReader.file`), else copied — what `init(from:)` keeps through the
    /// cache's decoder, without a decoder made for each of a warm run's thousands of stored shares.
    init(cache reader: inout CacheByteReader) throws {
        let start = reader.offset
        try reader.skip()
        if let file = reader.file {
            self.init(mapped: file.data[(file.payload + start)..<(file.payload + reader.offset)])
        } else {
            self.init(bytes: Array(UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.offset])))
        }
    }
}
