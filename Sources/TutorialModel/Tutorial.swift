/// The model of one tutorial document: one locale, one edition.
public struct Tutorial: Hashable, Sendable, Codable {
    /// The JSON schema identifier of this model.
    public static let schema = "stepwise.tutorial/1"
    /// Always `Tutorial.schema`; stored so that it is encoded.
    public var schema: String = Tutorial.schema
    /// `ms.assetid` when present, else the file name without extension.
    public var id: String
    /// The document's path as shown to the user.
    public var source: String
    public var locale: String
    public var edition: String
    /// The path below the locale (and edition) shared by every variant of the tutorial.
    public var tutorialPath: String
    /// The displayed level-1 heading, else the metadata title.
    public var title: String
    public var metadata: TutorialMetadata
    public var sections: [Section]
    public var includes: [IncludeReference]
    public var selectors: [PlatformSelector]
    public var images: [ImageReferenceInfo]
    /// Numbered lists that are not procedures (not steps).
    public var nonStepLists: [LineSpan]
    public var diagnostics: [DiagnosticInfo]
    /// Every link the document and its includes write, in the order they are read.
    public var links: [LinkReference] = []

    /// Every step of every section, in order.
    public var allSteps: [Step] { sections.flatMap(\.steps) }

    /// Every code sample, in document order (section code before the section's steps).
    public var allCode: [CodeSample] { sections.flatMap { $0.code + $0.steps.flatMap(\.code) } }
}

/// A pair of lines, first to last.
public struct LineSpan: Hashable, Sendable, Codable {
    public var path: String
    public var line: Int
    public var endLine: Int
}
