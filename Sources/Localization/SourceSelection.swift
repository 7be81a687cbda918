public import TutorialModel

/// Which document is the source of a translation or edition: the document of the source locale and
/// edition with the same `ms.assetid` when both have one, else with the same tutorial path.
public struct SourceSelection: Hashable, Sendable, Codable {
    public var locale: String
    public var edition: String

    public init(locale: String = "en-us", edition: String = "current") {
        self.locale = locale
        self.edition = edition
    }

    public func isSource(_ tutorial: Tutorial) -> Bool {
        tutorial.locale == locale && tutorial.edition == edition
    }

    /// True for an older (or other) edition in the source locale: archived content, not a translation.
    public func isOtherEdition(_ tutorial: Tutorial) -> Bool {
        tutorial.locale == locale && tutorial.edition != edition
    }

    /// The index of the source of `tutorial` among `candidates`, nil for a source or an orphan.
    public func source(of tutorial: Tutorial, in candidates: [Tutorial]) -> Int? {
        guard !isSource(tutorial) else { return nil }
        let sources = candidates.indices.filter { isSource(candidates[$0]) }
        if let asset = tutorial.metadata.assetID,
            let match = sources.first(where: { candidates[$0].metadata.assetID == asset })
        {
            return match
        }
        return sources.first { candidates[$0].tutorialPath == tutorial.tutorialPath }
    }
}
