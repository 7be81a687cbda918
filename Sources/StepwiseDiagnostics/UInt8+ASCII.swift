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

extension StringProtocol {
    /// Whether every byte of the text is ASCII (then each character is one byte, save CR LF).
    @inlinable public var isAllASCII: Bool {
        utf8.allSatisfy { $0 < 0x80 }
    }
}
