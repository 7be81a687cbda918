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

    public var description: String { "\(path):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
