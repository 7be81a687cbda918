import StepwiseDiagnostics

extension Character {
    /// `isLetter`, answered from the ASCII value when there is one (most code is ASCII) instead of
    /// the Unicode property tables, which the highlighter asked of every character of every sample.
    var isLetterASCIIFirst: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return ascii.isASCIILetter
    }

    /// `isNumber`, from the ASCII value when there is one (the ASCII numbers are the digits).
    var isNumberASCIIFirst: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ascii)
    }

    /// `isWhitespace`, from the ASCII value when there is one (space, tab, LF, VT, FF, CR; CR LF is LF).
    var isWhitespaceASCIIFirst: Bool {
        guard let ascii = asciiValue else { return isWhitespace }
        return ascii == UInt8(ascii: " ") || (0x09...0x0D).contains(ascii)
    }
}
