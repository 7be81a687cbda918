extension UInt8 {
    /// `A`–`Z` or `a`–`z`.
    @inlinable public var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }

    /// `0`–`9`.
    @inlinable public var isASCIIDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }

    /// Space, or tab to carriage return (tab, line feed, vertical tab, form feed, CR): the ASCII bytes
    /// `\s` reads as white space (Unicode's White_Space among ASCII).
    @inlinable public var isASCIIWhitespace: Bool {
        self == 0x20 || (0x09...0x0D).contains(self)
    }

    /// The byte with an ASCII capital lower-cased (`A`–`Z` → `a`–`z`), any other byte as it is.
    @inlinable public var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self
    }

    /// An ASCII letter or digit.
    @inlinable public var isASCIIAlphanumeric: Bool {
        isASCIILetter || isASCIIDigit
    }
}

extension StringProtocol {
    /// Whether every byte of the text is ASCII (then each character is one byte, save CR LF).
    @inlinable public var isAllASCII: Bool {
        // Text held in one piece (a native string) is read as a buffer, not through its index.
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? utf8.allSatisfy { $0 < 0x80 }
    }
}

extension String {
    /// ASCII with neither end a space, a tab or a control: nothing for `.whitespaces` to trim (the
    /// empty text too), so trimming it can be skipped.
    @inlinable public var isASCIIWithoutBlankEnds: Bool {
        guard let first = utf8.first, let last = utf8.last else { return true }
        return first > 0x20 && last > 0x20 && isAllASCII
    }
}

extension UTF8 {
    /// The byte length of the White_Space scalar (what `\s` matches in ICU and Swift patterns: tab to
    /// CR, space, NEL, no-break space, the Unicode spaces and separators) whose UTF-8 starts at
    /// `index` of `bytes`, valid UTF-8; nil when that scalar is no space. Every non-ASCII White_Space
    /// scalar is below U+3001: two or three bytes led by C2, E1, E2 or E3.
    @inlinable
    public static func whiteSpaceWidth<Bytes: RandomAccessCollection<UInt8>>(at index: Int, in bytes: Bytes) -> Int? where Bytes.Index == Int {
        let lead = bytes[index]
        if lead < 0x80 { return lead.isASCIIWhitespace ? 1 : nil }
        guard lead == 0xC2 || lead == 0xE1 || lead == 0xE2 || lead == 0xE3 else { return nil }
        let width = lead < 0xE0 ? 2 : 3
        guard index + width <= bytes.endIndex else { return nil }
        var value = UInt32(lead & (width == 2 ? 0x1F : 0x0F))
        for offset in index + 1..<index + width { value = value << 6 | UInt32(bytes[offset] & 0x3F) }
        return Unicode.Scalar(value)?.properties.isWhitespace == true ? width : nil
    }
}

extension UInt64 {
    /// Whether one of the eight bytes of this word equals `byte`: a byte equal to it is a zero byte
    /// after an XOR, and a zero byte sets its high bit in `(x - 0x01…01) & ~x` (a borrow may set a later
    /// byte's too, so the answer is exact for the word, not for which byte). For searches that test
    /// eight bytes at a time, then find the byte one by one.
    @inlinable
    public func holdsByte(_ byte: UInt8) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let word = self ^ (ones &* UInt64(byte))
        return (word &- ones) & ~word & 0x8080_8080_8080_8080 != 0
    }
}

extension StringProtocol where SubSequence == Substring {
    /// The text's `/`-separated parts, empty ones left out: exactly `split(separator: "/")`, which
    /// compares whole characters (a slash followed by a combining mark is no separator), made from
    /// the bytes when the text is ASCII (each character one byte), as substrings of it: paths are
    /// split tens of thousands of times a run.
    @inlinable public func slashSeparatedParts() -> [Substring] {
        // The slashes of text held in one piece found in its buffer; each part cut at UTF-8 offsets
        // (constant time in a native string).
        let found = utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var parts: [Substring] = []
            var (start, startIndex) = (0, self.startIndex)
            for offset in bytes.indices where bytes[offset] == UInt8(ascii: "/") {
                let end = utf8.index(startIndex, offsetBy: offset - start)
                if offset != start { parts.append(self[startIndex..<end]) }
                (start, startIndex) = (offset + 1, utf8.index(after: end))
            }
            if start != bytes.count { parts.append(self[startIndex...]) }
            return parts
        }
        if let found, let parts = found { return parts }
        // Other text (not ASCII, or not held in one piece) by characters.
        return split(separator: "/")
    }
}
