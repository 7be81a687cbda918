extension String {
    /// The text's lines, exactly as `split(separator: "\n", omittingEmptySubsequences: false)` gives
    /// them (a CR LF pair is one character, which is not a line feed: no split there), found by
    /// bytes: splitting by characters took several percent of a large run.
    public func lineFeedSlices() -> [Substring] {
        var lines: [Substring] = []
        var start = utf8.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                lines.append(self[start..<index])
                start = utf8.index(after: index)
            }
            previous = byte
            index = utf8.index(after: index)
        }
        lines.append(self[start..<utf8.endIndex])
        return lines
    }
}
