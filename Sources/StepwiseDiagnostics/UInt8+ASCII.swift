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

extension String {
    /// ASCII with neither end a space, a tab or a control: nothing for `.whitespaces` to trim (the
    /// empty text too), so trimming it can be skipped.
    @inlinable public var isASCIIWithoutBlankEnds: Bool {
        guard let first = utf8.first, let last = utf8.last else { return true }
        return first > 0x20 && last > 0x20 && isAllASCII
    }
}
