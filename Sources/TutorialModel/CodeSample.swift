/// A code sample a reader should copy, reassembled where the Markdown broke it.
public struct CodeSample: Hashable, Sendable, Codable {
    /// The sample's identity within its document (`code-1`, `code-2`, … in document order), given once
    /// by the model: badges, diffs and the report name a sample by it, never by a position of their own.
    public var id: String = ""
    /// `csharp`, `objc`, `swift`, `json`, `xml`, `shell`, … or `text` when unknown.
    public var language: String
    /// The file the step says the code goes into, as a bare file name.
    public var file: String?
    /// The file inferred from context when the step names only a class or method.
    public var inferredFile: String?
    /// `add`, `replace`, `insert`, `update` or `create`, when the step says so.
    public var action: String?
    /// First and last non-blank lines, in `origin.path`.
    public var line: Int
    public var endLine: Int
    public var nonBlankLines: Int
    /// The code as a reader should see it (repaired or recovered where damaged).
    public var text: String
    public var origin: Origin
    public var damage: Damage?
    /// The code file and lines when a code reference pulled the code in; `line` is then the
    /// reference's line in the Markdown.
    public var reference: CodeReferenceInfo?

    enum CodingKeys: String, CodingKey {
        case id, language, file, inferredFile, action, line, endLine, nonBlankLines, text, origin, damage, reference
    }

    /// Encodes absent values as `null`, so every key is always present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(language, forKey: .language)
        try container.encode(file, forKey: .file)
        try container.encode(inferredFile, forKey: .inferredFile)
        try container.encode(action, forKey: .action)
        try container.encode(line, forKey: .line)
        try container.encode(endLine, forKey: .endLine)
        try container.encode(nonBlankLines, forKey: .nonBlankLines)
        try container.encode(text, forKey: .text)
        try container.encode(origin, forKey: .origin)
        try container.encode(damage, forKey: .damage)
        try container.encodeIfPresent(reference, forKey: .reference)
    }
}

/// What was wrong with a sample in the source, and how it was repaired.
public struct Damage: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Inconsistent indentation made CommonMark split the code into blocks, paragraphs or list items.
        case splitByIndentation = "split"
        /// No blank line after the step text: the code was folded into the paragraph.
        case mergedIntoProse = "merged-into-prose"
        /// Code run together into long lines and machine-translated.
        case machineTranslated = "machine-translated"
        /// String escapes changed (e.g. C#-style `""` in an Objective-C string).
        case escapeChanged = "escape-changed"
    }

    public var kind: Kind
    public var detail: String
    /// True when the original code was recovered (e.g. from bilingual source spans).
    public var recovered: Bool

    public init(kind: Kind, detail: String, recovered: Bool) {
        self.kind = kind
        self.detail = detail
        self.recovered = recovered
    }
}

extension CodeSample {
    /// A sample built in code (tests, tools): line count and end line are derived from the text.
    public init(
        language: String, text: String, line: Int, endLine: Int? = nil, origin: Origin, file: String? = nil,
        inferredFile: String? = nil, action: String? = nil, damage: Damage? = nil
    ) {
        self.language = language
        self.text = text
        self.line = line
        self.endLine = endLine ?? line + max(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1, 0)
        self.nonBlankLines = text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.count
        self.origin = origin
        self.file = file
        self.inferredFile = inferredFile
        self.action = action
        self.damage = damage
    }
}
