/// A 1-based line and column in a text file (the column counts UTF-8 bytes, as cmark does).
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column number.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A closed range of source positions.
public struct SourceRange: Hashable, Sendable, Codable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    /// A range that covers whole lines `first...last`.
    public init(lines first: Int, _ last: Int) {
        self.init(start: SourcePosition(line: first, column: 1), end: SourcePosition(line: last, column: 1))
    }

    /// The lines this range touches.
    public var lines: ClosedRange<Int> { start.line...max(start.line, end.line) }
}
