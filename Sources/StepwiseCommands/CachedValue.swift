/// A value kept in a cache file as its bytes and decoded only when asked for: a warm build reads
/// thousands of entries and needs this part of few of them (a kept page's search document is read
/// only when its locale's search index is built again). The cache's encoder and decoder copy the
/// bytes as they are; any other coder sees the value itself.
struct CachedValue<Value: Codable>: Codable, @unchecked Sendable {
    /// The value in the cache's binary form (see `CacheValue`).
    let bytes: [UInt8]

    init(_ value: Value) throws {
        self.init(bytes: try CacheEncoder.encode(value))
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The value, decoded from its bytes; nil when they are damaged.
    var value: Value? {
        bytes.withUnsafeBytes { try? CacheDecoder.decode(Value.self, from: $0) }
    }

    init(from decoder: any Decoder) throws {
        if let decoding = decoder as? CacheDecoder.Decoding {
            var reader = CacheByteReader(decoding.bytes, offset: decoding.offset)
            try reader.skip()
            self.init(bytes: Array(UnsafeRawBufferPointer(rebasing: decoding.bytes[decoding.offset..<reader.offset])))
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
