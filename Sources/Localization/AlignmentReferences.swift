public import TutorialModel

/// A document named in an alignment.
public struct DocumentReference: Hashable, Sendable, Codable {
    public var path: String
    public var locale: String
    public var edition: String

    public init(_ tutorial: Tutorial) {
        path = tutorial.source
        locale = tutorial.locale
        edition = tutorial.edition
    }
}

/// A section named in an alignment, by position and where it is written.
public struct SectionReference: Hashable, Sendable, Codable {
    public var index: Int
    public var title: String
    public var path: String
    public var line: Int
}

/// A step named in an alignment: its section, continuous number and place.
public struct StepReference: Hashable, Sendable, Codable {
    public var section: Int
    public var ordinal: Int
    public var path: String
    public var line: Int
}

/// A code sample named in an alignment.
public struct SampleReference: Hashable, Sendable, Codable {
    /// The sample's id in its document (`CodeSample.id`).
    public var id: String
    public var section: Int
    /// The step's ordinal, nil for code outside steps.
    public var step: Int?
    public var path: String
    public var line: Int
    public var endLine: Int
    public var language: String
    public var file: String?
    /// The include the sample comes from, if any.
    public var include: String?
    /// The code file and lines a code reference pulled the sample from (`code/app.cs:3-5`), if any.
    public var codeReference: String?
}
