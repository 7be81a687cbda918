/// What link checking needs of one document: its place, the ids its page has and the links it
/// writes. Small and stored with the document's check, so that the links of every document can be
/// checked against every other document's anchors without modelling them again.
public struct DocumentLinks: Hashable, Sendable, Codable {
    /// The document's path as shown (`Tutorial.source`).
    public var document: String
    public var locale: String
    public var edition: String
    public var tutorialPath: String
    /// The element ids of the document's page (sections and steps), sorted.
    public var anchors: [String]
    public var links: [LinkReference]

    public init(document: String, locale: String, edition: String, tutorialPath: String, anchors: [String], links: [LinkReference]) {
        self.document = document
        self.locale = locale
        self.edition = edition
        self.tutorialPath = tutorialPath
        self.anchors = anchors
        self.links = links
    }
}
