extension Array where Element == String {
    /// The strings one after the other, copied once into a string made at their total size
    /// (`joined()` reserves room for about one byte a string, then grows, copying all it holds each
    /// time: tens of megabytes printed in pieces were copied some twice over).
    public func concatenated() -> String {
        guard count > 1 else { return first ?? "" }
        let size = reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var offset = 0
            for var part in self {
                part.withUTF8 { bytes in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(from: bytes)
                    offset += bytes.count
                }
            }
            return offset
        }
    }
}
