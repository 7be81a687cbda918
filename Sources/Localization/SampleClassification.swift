/// How a translated code sample compares with its source.
public enum SampleClassification: String, Hashable, Sendable, Codable, CaseIterable {
    /// Same text, line for line.
    case identical
    /// Same tokens and comments; only layout differs.
    case whitespace
    /// Same code tokens; comment text translated or damaged.
    case comments
    /// Code tokens differ.
    case drift
    /// The translation's Markdown broke the sample (split, merged into prose, machine-translated).
    case damaged
    /// A source sample with no counterpart in the translation.
    case missing
    /// A translation sample with no counterpart in the source.
    case extra
}

/// One place where the code tokens of a translation differ from its source.
public struct TokenChange: Hashable, Sendable, Codable {
    /// The source's tokens as written (empty when the translation inserted tokens).
    public var source: String
    /// The translation's tokens as written (empty when the translation lost tokens).
    public var translation: String
    /// Lines in the source's and the translation's files.
    public var sourceLine: Int
    public var translationLine: Int

    public init(source: String, translation: String, sourceLine: Int, translationLine: Int) {
        self.source = source
        self.translation = translation
        self.sourceLine = sourceLine
        self.translationLine = translationLine
    }
}
