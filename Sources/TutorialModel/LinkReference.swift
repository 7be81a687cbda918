/// A link written in a document or one of its includes: the destination as written and where it is.
public struct LinkReference: Hashable, Sendable, Codable {
    /// The destination as written (`../other.md#part`, `#part`, `https://…`).
    public var destination: String
    /// The file (a document or an include) and line the link is written on.
    public var origin: Origin
    /// The 1-based column of the link's `[` on its line, in the original file.
    public var column: Int

    public init(destination: String, origin: Origin, column: Int) {
        self.destination = destination
        self.origin = origin
        self.column = column
    }
}
