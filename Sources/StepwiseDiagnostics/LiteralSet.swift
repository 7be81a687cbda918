#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed list of literals, all looked for in one pass over a text's UTF-8: which of them the text
/// contains, as `String.contains` answers for each (by bytes; an empty literal is never contained).
///
/// Searching a short text for thirty words one by one runs thirty searches over it; here each byte
/// of the text is read once, and only where a literal starts with it and ends with the byte its
/// length further on are the two compared.
public struct LiteralSet: Sendable {
    /// Every literal's bytes, one after another.
    private let bytes: [UInt8]
    /// Each literal's range in `bytes`, by index.
    private let ranges: [Range<Int>]
    /// The indices of the non-empty literals starting with each byte value, one after another:
    /// those of byte `b` are `starting[firstStarts[b]..<firstStarts[b + 1]]`.
    private let starting: [Int]
    private let firstStarts: [Int]
    /// A bit for each pair of bytes some literal starts with (its first byte and the next, or any
    /// byte after a one-byte literal): at most offsets, no literal starts, and one test says so.
    private let openings: [UInt64]

    public init(_ literals: [String]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for literal in literals {
            let start = bytes.count
            bytes.append(contentsOf: literal.utf8)
            ranges.append(start..<bytes.count)
        }
        var byFirst = Array(repeating: [Int](), count: 256)
        for (index, range) in ranges.enumerated() where !range.isEmpty { byFirst[Int(bytes[range.lowerBound])].append(index) }
        var firstStarts = [0]
        for indices in byFirst { firstStarts.append(firstStarts[firstStarts.count - 1] + indices.count) }
        self.bytes = bytes
        self.ranges = ranges
        starting = byFirst.flatMap { $0 }
        self.firstStarts = firstStarts
        var openings = Array(repeating: UInt64(0), count: 65_536 / 64)
        for range in ranges where !range.isEmpty {
            let first = Int(bytes[range.lowerBound]) << 8
            for pair in range.count > 1 ? first | Int(bytes[range.lowerBound + 1])...first | Int(bytes[range.lowerBound + 1]) : first...first | 0xFF {
                openings[pair >> 6] |= 1 << UInt64(pair & 63)
            }
        }
        self.openings = openings
    }

    /// How many literals the set was made of.
    public var count: Int { ranges.count }

    /// Which literals `text` contains: element `i` is `text.contains(literals[i])`.
    public func contained(in text: String) -> [Bool] {
        var text = text
        return text.withUTF8 { text in
            [Bool](unsafeUninitializedCapacity: ranges.count) { found, initialized in
                found.initialize(repeating: false)
                initialized = ranges.count
                search(text, marking: found)
            }
        }
    }

    /// Sets `found[i]` for each literal `i` that `text` contains, every table read in place.
    private func search(_ text: UnsafeBufferPointer<UInt8>, marking found: UnsafeMutableBufferPointer<Bool>) {
        guard let base = text.baseAddress else { return }
        var remaining = ranges.count { !$0.isEmpty }
        bytes.withUnsafeBufferPointer { bytes in ranges.withUnsafeBufferPointer { ranges in
        starting.withUnsafeBufferPointer { starting in firstStarts.withUnsafeBufferPointer { firstStarts in
        openings.withUnsafeBufferPointer { openings in
            guard let literals = bytes.baseAddress else { return }
            for offset in 0..<text.count {
                let first = Int(base[offset])
                // The pair at the offset (the last byte paired with zero: no literal of two bytes or
                // more starts there, and a one-byte literal's bits cover every pair it starts).
                let pair = first << 8 | (offset + 1 < text.count ? Int(base[offset + 1]) : 0)
                guard openings[pair >> 6] & (1 << UInt64(pair & 63)) != 0 else { continue }
                for slot in firstStarts[first]..<firstStarts[first + 1] {
                    let index = starting[slot]
                    let range = ranges[index]
                    guard !found[index], offset + range.count <= text.count, base[offset + range.count - 1] == literals[range.upperBound - 1],
                          memcmp(base + offset, literals + range.lowerBound, range.count) == 0 else { continue }
                    found[index] = true
                    remaining -= 1
                    if remaining == 0 { return }
                }
            }
        }
        }}
        }}
    }
}
