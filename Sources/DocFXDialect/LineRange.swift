/// Lines `start` through `end` (1-based, inclusive); an open range runs to the end of the file.
public struct LineRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public var start: Int
    public var end: Int?

    public init(start: Int, end: Int?) {
        self.start = start
        self.end = end
    }

    public var description: String {
        guard let end else { return "\(start)-" }
        return end == start ? "\(start)" : "\(start)-\(end)"
    }

    /// Whether `line` lies in the range.
    public func contains(_ line: Int) -> Bool {
        line >= start && end.map { line <= $0 } ?? true
    }
}
