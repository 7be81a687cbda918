/// A position in a named file, printed `path:line:col`.
public struct SourceLocation: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The file path as the user should see it (relative where possible).
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 1, column: Int = 1) {
        self.path = path
        self.line = line
        self.column = column
    }

    public init(path: String, position: SourcePosition) {
        self.init(path: path, line: position.line, column: position.column)
    }

    public var description: String {
        var text = ""
        appendDescription(to: &text)
        return text
    }

    /// Appends `description` to `text` piece by piece (a number's text is a small string: no
    /// allocation), for reports that print tens of thousands of places.
    public func appendDescription(to text: inout String) {
        text += path
        text += ":"
        text += String(line)
        text += ":"
        text += String(column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
