import Foundation
import StepwiseDiagnostics

/// A cache file: a value in the compact binary form of `CacheEncoder`, framed so that a file that is
/// torn, truncated or altered is refused, never half read.
///
/// The frame is a magic (`STWC`), the format version, the payload's length and a 64-bit hash of the
/// payload, then the payload. Files are written to a temporary file and renamed into place.
enum CacheFile {
    static let magic: [UInt8] = Array("STWC".utf8)
    static let formatVersion: UInt8 = 1
    static let headerSize = magic.count + 1 + 8 + 8

    /// Writes `value` to `url` atomically.
    static func write(_ value: some Encodable, to url: URL) throws {
        try write(payload: CacheEncoder.encode(value), to: url)
    }

    /// Writes `payload` (a value's bytes) framed to `url` atomically: the header, then the payload as
    /// it is (not copied into one buffer with the header first).
    static func write(payload: [UInt8], to url: URL) throws {
        try payload.withUnsafeBytes { bytes in try write(pieces: [bytes], to: url) }
    }

    /// Writes a payload in `pieces` (their bytes one after another) framed to `url` atomically, as
    /// `write(payload:to:)` writes them joined, without joining them.
    static func write(pieces: [UnsafeRawBufferPointer], to url: URL) throws {
        var checksum = Checksum()
        for piece in pieces { checksum.add(piece) }
        try AtomicFile.replace(url, header: header(length: checksum.count, checksum: checksum.value), bodies: pieces)
    }

    /// The value stored at `url`, or nil when there is none or the file is not whole and intact.
    static func read<T: Decodable>(_ type: T.Type, from url: URL) -> T? {
        withMappedPayload(at: url) { payload, data in
            // The values that keep their bytes where they lie keep the mapped file (see `CachedValue`).
            let file = Mapped(data: data, payload: headerSize)
            return withExtendedLifetime(file) { try? CacheDecoder.decode(type, from: payload, file: file) }
        }
    }

    /// A cache file read: its bytes (mapped) and where its payload starts in them.
    final class Mapped: Sendable {
        let data: Data
        let payload: Int

        init(data: Data, payload: Int) {
            self.data = data
            self.payload = payload
        }
    }

    /// `body` of the payload stored at `url` (valid only during the call), or nil when there is none
    /// or the file is not whole and intact: to decode part of a value before the rest, if needed.
    static func withPayload<T>(at url: URL, _ body: (UnsafeRawBufferPointer) -> T?) -> T? {
        withMappedPayload(at: url) { payload, _ in body(payload) }
    }

    /// `withPayload`, `body` also given the file's bytes (mapped), which the payload lies in.
    private static func withMappedPayload<T>(at url: URL, _ body: (UnsafeRawBufferPointer, Data) -> T?) -> T? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        return data.withUnsafeBytes { bytes in payload(of: bytes).flatMap { body($0, data) } }
    }

    /// The header framing `payload`: magic, version, length and checksum.
    static func header(_ payload: UnsafeRawBufferPointer) -> [UInt8] {
        header(length: payload.count, checksum: checksum(payload))
    }

    private static func header(length: Int, checksum: UInt64) -> [UInt8] {
        var header = magic + [formatVersion]
        withUnsafeBytes(of: UInt64(length).littleEndian) { header += $0 }
        withUnsafeBytes(of: checksum.littleEndian) { header += $0 }
        return header
    }

    /// The payload of a framed file, nil when the magic, version, length or checksum is wrong.
    static func payload(of bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard bytes.count >= headerSize, bytes.prefix(magic.count).elementsEqual(magic), bytes[magic.count] == formatVersion else { return nil }
        let length = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: magic.count + 1, as: UInt64.self))
        let stored = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: magic.count + 9, as: UInt64.self))
        guard length == UInt64(bytes.count - headerSize) else { return nil }
        let payload = UnsafeRawBufferPointer(rebasing: bytes[headerSize...])
        return checksum(payload) == stored ? payload : nil
    }

    /// A 64-bit FNV-1a-style hash taken eight bytes at a time (then the tail byte by byte): it tells a
    /// damaged file from an intact one, quickly.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var checksum = Checksum()
        checksum.add(bytes)
        return checksum.value
    }

    /// `checksum(_:)` of bytes given in pieces: the same hash as of the pieces joined, wherever they
    /// are cut (the bytes of a word cut in two are carried over to the next piece).
    struct Checksum {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        /// The bytes of a word begun in an earlier piece, the first in the lowest byte.
        private var carried: UInt64 = 0
        private var carriedCount = 0
        /// The bytes added.
        private(set) var count = 0
        private static let prime: UInt64 = 0x0000_0100_0000_01b3

        mutating func add(_ bytes: UnsafeRawBufferPointer) {
            count += bytes.count
            var start = 0
            // A word begun before is completed first.
            while carriedCount > 0 && carriedCount < 8 && start < bytes.count {
                carried |= UInt64(bytes[start]) << (8 * UInt64(carriedCount))
                (carriedCount, start) = (carriedCount + 1, start + 1)
            }
            if carriedCount == 8 {
                mix(carried)
                (carried, carriedCount) = (0, 0)
            }
            let words = (bytes.count - start) / 8
            for index in 0..<words { mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self))) }
            for index in (start + words * 8)..<bytes.count {
                carried |= UInt64(bytes[index]) << (8 * UInt64(carriedCount))
                carriedCount += 1
            }
        }

        private mutating func mix(_ word: UInt64) {
            hash = (hash ^ word) &* Self.prime
            hash ^= hash >> 29
        }

        /// The hash of every byte added: the bytes of an unfinished word hashed one by one, then the count.
        var value: UInt64 {
            var hash = hash
            for index in 0..<carriedCount { hash = (hash ^ ((carried >> (8 * UInt64(index))) & 0xFF)) &* Self.prime }
            return hash ^ UInt64(count)
        }
    }
}
