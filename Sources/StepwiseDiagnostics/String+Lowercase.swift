extension StringProtocol {
    /// The same text as `lowercased()` — which lower-cases each scalar on its own
    /// (`Unicode.Scalar.Properties.lowercaseMapping`) — built as bytes: ASCII by arithmetic, other
    /// scalars by their mapping. `lowercased()` appended a string per scalar, a hot spot of large runs.
    /// Inlinable, so that callers get it specialized for their string type: the generic walk over
    /// scalars cost tens of instructions a character.
    @inlinable public func fastLowercased() -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if scalar.isASCII {
                let byte = UInt8(truncatingIfNeeded: scalar.value)
                bytes.append(byte.asciiLowercased)
            } else if !scalar.properties.changesWhenLowercased {
                // Most letters past ASCII (`é`, `à`) are already lower case: their own bytes, without
                // building the mapping's string (a scalar whose mapping differs changes when
                // lower-cased: FastLowercaseTests checks every scalar).
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            } else {
                bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    /// The text with its ASCII capitals lower-cased, every other byte as it is (`lowercased()` for
    /// ASCII text; text past ASCII keeps its other letters' case).
    public func asciiLowercased() -> String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
        return String(decoding: utf8.map(\.asciiLowercased), as: UTF8.self)
    }
}
