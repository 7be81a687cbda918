extension UInt8 {
    /// `A`–`Z` or `a`–`z`.
    @inlinable public var isASCIILetter: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
    }

    /// `0`–`9`.
    @inlinable public var isASCIIDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }

    /// An ASCII letter or digit.
    @inlinable public var isASCIIAlphanumeric: Bool {
        isASCIILetter || isASCIIDigit
    }
}
