import StepwiseDiagnostics
import Testing

/// The variable-length integers of the cache files and the model spool.
@Suite struct LEB128Tests {
    private func bytes(signed value: Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        LEB128.append(signed: value, to: &bytes)
        return bytes
    }

    @Test("unsigned and signed numbers read back, small ones in one byte, negative ones short", arguments: [
        Int64.min, -300, -65, -64, -1, 0, 1, 63, 64, 127, 128, 1 << 40, Int64.max,
    ])
    func roundTrip(value: Int64) {
        let encoded = bytes(signed: value)
        var offset = 0
        let raw = encoded.withUnsafeBytes { LEB128.read($0, at: &offset) }
        #expect(raw.map(LEB128.signed) == value && offset == encoded.count)
        #expect((encoded.count == 1) == (-64..<64).contains(value), "\(value): \(encoded)")
        var unsigned: [UInt8] = []
        LEB128.append(UInt64(bitPattern: value), to: &unsigned)
        offset = 0
        #expect(unsigned.withUnsafeBytes { LEB128.read($0, at: &offset) } == UInt64(bitPattern: value))
        // The length measured before writing is the length written.
        #expect(LEB128.length(UInt64(bitPattern: value)) == unsigned.count)
    }

    @Test("the exact bytes: seven bits a byte, low bits first; zigzag for signed numbers")
    func layout() {
        var bytes: [UInt8] = []
        LEB128.append(300, to: &bytes)
        #expect(bytes == [0xAC, 0x02])
        #expect(self.bytes(signed: -1) == [0x01] && self.bytes(signed: 1) == [0x02] && self.bytes(signed: -65) == [0x81, 0x01])
    }

    @Test("bytes that end inside a number, or a number longer than 64 bits, read as nil")
    func damaged() {
        let cut: [UInt8] = [0x80, 0x80]
        let long = [UInt8](repeating: 0xFF, count: 10) + [0x01]
        for bytes in [cut, long, []] {
            var offset = 0
            #expect(bytes.withUnsafeBytes { LEB128.read($0, at: &offset) } == nil, "\(bytes)")
        }
    }

    @Test("a string is its UTF-8 length and bytes; one cut short reads as nil")
    func strings() {
        var bytes: [UInt8] = []
        for text in ["", "é", String(repeating: "a", count: 200)] { LEB128.append(string: text, to: &bytes) }
        #expect(Array(bytes.prefix(4)) == [0, 2, 0xC3, 0xA9], "no bytes for the empty string; é is two")
        #expect(Array(bytes[4..<6]) == [0xC8, 0x01], "200 takes two bytes")
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            let read = (0..<3).compactMap { _ in LEB128.stringBytes(buffer, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: buffer[$0]), as: UTF8.self) } }
            #expect(read == ["", "é", String(repeating: "a", count: 200)] && offset == buffer.count)
        }
        Array(bytes.dropLast()).withUnsafeBytes { buffer in
            var offset = 4
            #expect(LEB128.stringBytes(buffer, at: &offset) == nil)
        }
    }
}
