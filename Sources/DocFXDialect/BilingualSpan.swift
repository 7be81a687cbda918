/// A sentence pair of a side-by-side translation:
/// `<span data-ttu-id="X">translation</span><span class="sxs-lookup"><span data-stu-id="X">source</span></span>`.
public struct BilingualSpan: Hashable, Sendable, Codable {
    /// The pair's id (`data-ttu-id`).
    public var id: String
    /// The translated text, shown to readers.
    public var translation: String
    /// The source-language sentence it was translated from.
    public var source: String
    /// The 1-based line of the pair in the original file.
    public var line: Int
    /// The 1-based byte column where the pair starts.
    public var column: Int

    public init(id: String, translation: String, source: String, line: Int, column: Int) {
        self.id = id
        self.translation = translation
        self.source = source
        self.line = line
        self.column = column
    }
}
