/// Variable-length integers as the cache files and the build's model spool store them: LEB128 (seven
/// bits a byte, low bits first, the high bit set on every byte but the last), signed ones zigzag-mapped
/// first (0, -1, 1, -2 … as 0, 1, 2, 3 …) so that small negative numbers stay short.
public enum LEB128 {
    public static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// How many bytes `append(_:to:)` writes for `value`.
    public static func length(_ value: UInt64) -> Int {
        var (value, length) = (value, 1)
        while value >= 0x80 {
            value >>= 7
            length += 1
        }
        return length
    }

    public static func append(signed value: Int64, to bytes: inout [UInt8]) {
        append(UInt64(bitPattern: (value << 1) ^ (value >> 63)), to: &bytes)
    }

    /// The number at `offset` in `bytes`, `offset` moved past it; nil when the bytes end before it
    /// does or it runs past 64 bits.
    public static func read(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
        return nil
    }

    /// Appends `text` as the cache files and the search index's snapshot store a string: the number of
    /// its UTF-8 bytes, then the bytes.
    public static func append(string text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            append(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Where the bytes of the string at `offset` in `bytes` are (see `append(string:to:)`), `offset`
    /// moved past them; nil when the bytes end before the string does.
    public static func stringBytes(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> Range<Int>? {
        guard let count = read(bytes, at: &offset), count <= UInt64(bytes.count - offset) else { return nil }
        let start = offset
        offset += Int(count)
        return start..<offset
    }

    /// The signed number a zigzag-mapped `raw` stands for.
    public static func signed(_ raw: UInt64) -> Int64 {
        Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    }
}
