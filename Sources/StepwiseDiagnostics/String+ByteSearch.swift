#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Substring search on UTF-8 bytes. With Foundation imported, `text.contains("word")` resolves to
// NSString's `range(of:)`, which copies the text to UTF-16 and compares with Unicode canonical
// equivalence: on a real repository that was a sixth of a build. These overloads on the concrete
// types win overload resolution and search the bytes (`memchr` for the first byte, then the last byte, then `memcmp`). Both sides come from the same
// documents, so the only difference — a precomposed letter does not match its decomposed
// spelling — never separates two spellings that the documents mix.

extension String {
    /// True when `other` occurs in the text (false for an empty `other`, as Foundation answers).
    public func contains(_ other: String) -> Bool {
        utf8ByteRange(of: other) != nil
    }

    /// The byte offsets of the first occurrence of `other`, nil when it does not occur or is empty.
    public func utf8ByteRange(of other: String) -> Range<Int>? {
        guard !other.isEmpty, other.utf8.count <= utf8.count else { return nil }
        // Both sides read in place when they are native: copying them into variables for
        // `withUTF8` cost a retain and a release of each on every call (most lines of every
        // document are searched several times).
        let inPlace = utf8.withContiguousStorageIfAvailable { haystack in
            other.utf8.withContiguousStorageIfAvailable { pattern in ByteSearch.first(pattern, in: haystack) }
        }
        if case .some(.some(let found)) = inPlace { return found }
        var text = self
        var needle = other
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in ByteSearch.first(pattern, in: haystack) }
        }
    }
}

extension StringProtocol {
    /// True when the text's UTF-8 holds `byte`: `memchr` over a native string's buffer (the UTF-8
    /// view's iterator costs several instructions a byte, and lines are asked by the million). For an
    /// ASCII `byte`, false means that no character of the text is that character either.
    public func containsByte(_ byte: UInt8) -> Bool {
        utf8.withContiguousStorageIfAvailable { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, Int32(byte), buffer.count) != nil
        } ?? utf8.contains(byte)
    }

    /// True when `lowercased` (ASCII, lower-case) occurs in the text with its letters in any ASCII case.
    public func containsIgnoringASCIICase(_ lowercased: String) -> Bool {
        utf8.containsIgnoringASCIICase(Array(lowercased.utf8))
    }
}

extension Collection<UInt8> {
    /// True when the bytes hold `needle` (lower-case ASCII) with its letters in any ASCII case: each
    /// byte compared lower-cased (`UInt8.asciiLowercased`), bytes past ASCII as they are. False for an
    /// empty needle.
    public func containsIgnoringASCIICase(_ needle: [UInt8]) -> Bool {
        // No byte lower-cased is an upper-case letter.
        guard !needle.isEmpty, !needle.contains(where: { (0x41...0x5A).contains($0) }) else { return false }
        return withContiguousStorageIfAvailable { bytes in
            needle.withUnsafeBufferPointer { ByteSearch.containsIgnoringASCIICase($0, in: bytes) }
        } ?? Array(self).containsIgnoringASCIICase(needle)
    }
}

extension Substring {
    /// True when `other` occurs in the text (false for an empty `other`, as Foundation answers).
    public func contains(_ other: String) -> Bool {
        utf8ByteRange(of: other) != nil
    }

    /// The byte offsets (from the substring's start) of the first occurrence of `other`, nil when it
    /// does not occur or is empty.
    public func utf8ByteRange(of other: String) -> Range<Int>? {
        guard !other.isEmpty, other.utf8.count <= utf8.count else { return nil }
        var text = self
        var needle = other
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in ByteSearch.first(pattern, in: haystack) }
        }
    }
}

enum ByteSearch {
    /// Whether `haystack` holds `needle` (no upper-case ASCII letter in it) with each byte compared
    /// ASCII-lower-cased. A byte matches a lower-case letter of the needle exactly when, its case bit
    /// (0x20) set, it is that letter; any other byte of the needle only itself. The text of every
    /// line of a corpus is scanned so for each corruption rule's required word: one OR and one
    /// comparison a byte, the needle's last byte compared before the rest.
    static func containsIgnoringASCIICase(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = haystack.baseAddress, let pattern = needle.baseAddress, !needle.isEmpty, needle.count <= haystack.count else {
            return false
        }
        @inline(__always) func caseBit(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? 0x20 : 0 }
        let length = needle.count, lastStart = haystack.count - length
        let (first, firstBit) = (pattern[0], caseBit(pattern[0]))
        let (last, lastBit) = (pattern[length - 1], caseBit(pattern[length - 1]))
        var start = 0
        while start <= lastStart {
            if base[start] | firstBit == first, base[start + length - 1] | lastBit == last {
                var matched = 1
                while matched < length, base[start + matched] | caseBit(pattern[matched]) == pattern[matched] { matched += 1 }
                if matched == length { return true }
            }
            start += 1
        }
        return false
    }

    static func first(_ pattern: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let base = haystack.baseAddress, let needle = pattern.baseAddress, !pattern.isEmpty, pattern.count <= haystack.count else {
            return nil
        }
        let first = Int32(needle.pointee)
        let length = pattern.count, last = needle[length - 1]
        let lastStart = haystack.count - length
        var offset = 0
        while offset <= lastStart {
            guard let found = memchr(base + offset, first, lastStart - offset + 1) else { return nil }
            let start = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            // The needle's last byte is compared first: a short needle whose first letter is common
            // (`add` in a sentence) stops at every `a`, and most stops end there without a memcmp.
            if base[start + length - 1] == last, memcmp(base + start, needle, length) == 0 { return start..<(start + length) }
            offset = start + 1
        }
        return nil
    }
}
