public import TutorialModel

/// Which document is the source of a translation or edition: the document of the source locale and
/// edition with the same `ms.assetid` when both have one, else with the same tutorial path.
public struct SourceSelection: Hashable, Sendable, Codable {
    public var locale: String
    public var edition: String

    public init(locale: String, edition: String = "current") {
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

}

/// The source documents among a set of tutorials, indexed by `ms.assetid` and by path.
public struct SourceIndex: Sendable {
    var selection: SourceSelection
    private var byAsset: [String: Int] = [:]
    private var byPath: [String: Int] = [:]

    public init(tutorials: [Tutorial], selection: SourceSelection) {
        self.selection = selection
        for (index, tutorial) in tutorials.enumerated() where selection.isSource(tutorial) {
            if let asset = tutorial.metadata.assetID, byAsset[asset] == nil { byAsset[asset] = index }
            if byPath[tutorial.tutorialPath] == nil { byPath[tutorial.tutorialPath] = index }
        }
    }

    /// The index of the source of `tutorial`, nil for a source itself or an orphan.
    public func source(of tutorial: Tutorial) -> Int? {
        guard !selection.isSource(tutorial) else { return nil }
        if let asset = tutorial.metadata.assetID, let index = byAsset[asset] { return index }
        return byPath[tutorial.tutorialPath]
    }
}
