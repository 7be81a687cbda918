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
    /// The strings one after the other, with the byte `separator` between two (or after each, when
    /// `terminated`), made at their size (see `String.init(assembling:_:)`; `joined()` reserves room
    /// for about one byte a string, then grows).
    @inlinable
    public func concatenated(separator: UInt8? = nil, terminated: Bool = false) -> String {
        let separators = separator == nil || isEmpty ? 0 : terminated ? count : count - 1
        let size = reduce(separators) { $0 + $1.utf8.count }
        return String(assembling: size) { append in
            for index in indices {
                var part = self[index]
                part.withUTF8(append)
                if var separator, terminated || index < endIndex - 1 {
                    withUnsafePointer(to: &separator) { append(UnsafeBufferPointer(start: $0, count: 1)) }
                }
            }
        }
    }
}
