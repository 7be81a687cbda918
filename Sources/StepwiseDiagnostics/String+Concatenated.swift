extension String {
    /// The string of the `count` bytes that `write` hands to `append`, in order, copied once into room
    /// made at that size: a string grown by appending copies all it holds each time it outgrows its
    /// room, and a report, a run's output or a record of tens of thousands of files is megabytes.
    /// `write` must hand exactly `count` bytes of valid UTF-8 in all.
    @inlinable
    public init(assembling count: Int, _ write: (_ append: (UnsafeBufferPointer<UInt8>) -> Void) -> Void) {
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            write { bytes in
                precondition(bytes.count <= count - offset, "more bytes than the string was made for")
                _ = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset + bytes.count)]).initialize(from: bytes)
                offset += bytes.count
            }
            return offset
        }
    }
}

extension Array where Element == String {
    /// The strings one after the other, with the ASCII byte `separator` between two (or after each,
    /// when `terminated`), made at their size (`joined()` reserves room for about one byte a string,
    /// then grows). Appended as strings, not assembled from their bytes: their bytes are valid UTF-8
    /// already, and a string made of bytes is checked again (a run's output is tens of megabytes).
    @inlinable
    public func concatenated(separator: UInt8? = nil, terminated: Bool = false) -> String {
        precondition(separator.map { $0 < 0x80 } ?? true, "an ASCII separator")
        // One string alone is itself, not a copy (a run's report is often printed in one piece).
        if count == 1 && separator == nil { return self[0] }
        let separators = separator == nil || isEmpty ? 0 : terminated ? count : count - 1
        var text = ""
        text.reserveCapacity(reduce(separators) { $0 + $1.utf8.count })
        let between = separator.map { String(Unicode.Scalar($0)) }
        for index in indices {
            text += self[index]
            if let between, terminated || index < endIndex - 1 { text += between }
        }
        return text
    }
}
