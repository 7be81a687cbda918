#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's lines stored compactly: their text in one string (without line endings) and where each
/// line ends in it. A line is a `String` made when read; holding a file this way costs its bytes and
/// four bytes a line, where an array of strings costs an allocation for every line longer than 15 bytes.
public struct SourceLines: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Every line's text, one after the other.
    private var text: String
    /// The UTF-8 offset in `text` where each line ends.
    private var ends: [Int32]

    public init(_ lines: some Sequence<some StringProtocol>) {
        var text = ""
        var ends: [Int32] = []
        for line in lines {
            text += line
            ends.append(Int32(text.utf8.count))
        }
        self.init(text: text, ends: ends)
    }

    public init(arrayLiteral lines: String...) {
        self.init(lines)
    }

    /// Lines given as the byte ranges of `bytes` they occupy (valid UTF-8, each range ending
    /// before a line ending), in order.
    init(_ bytes: ArraySlice<UInt8>, lines: [Range<Int>]) {
        var joined: [UInt8] = []
        joined.reserveCapacity(lines.reduce(0) { $0 + $1.count })
        var ends: [Int32] = []
        ends.reserveCapacity(lines.count)
        for range in lines {
            joined += bytes[range]
            ends.append(Int32(joined.count))
        }
        self.init(text: String(decoding: joined, as: UTF8.self), ends: ends)
    }

    /// Lines given as the byte ranges of `text` they occupy (each range ending before a line
    /// ending), in order: each appended as a slice of text already validated, not checked again as
    /// bytes would be.
    init(validated text: String, lines: [Range<Int>]) {
        var joined = ""
        joined.reserveCapacity(lines.reduce(0) { $0 + $1.count })
        var ends: [Int32] = []
        ends.reserveCapacity(lines.count)
        let utf8 = text.utf8
        for range in lines {
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            joined += text[lower..<utf8.index(lower, offsetBy: range.count)]
            ends.append(Int32(joined.utf8.count))
        }
        self.init(text: joined, ends: ends)
    }

    private init(text: String, ends: [Int32]) {
        self.text = text
        self.ends = ends
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    /// Hashes the lines' bytes, not their characters' canonical forms (`Hashable` compares text as
    /// characters): with `sameBytes(as:)`, for keys that must tell every spelling apart, hashed fast.
    public func hashBytes(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(ends.count)
    }

    /// Whether `other` holds the same lines, byte for byte.
    public func sameBytes(as other: SourceLines) -> Bool {
        guard ends == other.ends else { return false }
        var (text, otherText) = (text, other.text)
        return text.withUTF8 { bytes in
            otherText.withUTF8 { otherBytes in
                bytes.count == otherBytes.count && (bytes.isEmpty || memcmp(bytes.baseAddress!, otherBytes.baseAddress!, bytes.count) == 0)
            }
        }
    }

    /// The text of line `position + 1`.
    public subscript(position: Int) -> String {
        let utf8 = text.utf8
        let start = position == 0 ? 0 : Int(ends[position - 1])
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: Int(ends[position]) - start)
        return String(text[lower..<upper])
    }
}
