/// A document's identity in a run: its path as shown to the user (relative to the project root).
///
/// Every stage names a document by this value; sections, steps and samples inside it carry ids
/// of their own, unique within the document.
public struct DocumentID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var path: String

    public init(_ path: String) {
        self.path = path
    }

    public var description: String { path }

    public static func < (a: DocumentID, b: DocumentID) -> Bool { a.path < b.path }
}
