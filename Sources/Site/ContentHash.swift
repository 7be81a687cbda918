import Foundation

/// Names from content: 64-bit FNV-1a over bytes, as 16 hex digits. A file named by its bytes'
/// hash (`media/`, the search index's parts) is never cached by a browser in place of another.
enum ContentHash {
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        // Text held in one piece (a native string's UTF-8, an array) is read as a buffer: the index's
        // parts, tens of megabytes, are hashed at every build.
        bytes.withContiguousStorageIfAvailable { folded($0) } ?? folded(bytes)
    }

    private static func folded(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash as 16 lowercase hex digits.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hex = String(fnv1a(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
