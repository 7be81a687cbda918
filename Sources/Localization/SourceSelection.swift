public import TutorialModel
import DocFXDialect

/// Which document is the source of a translation or edition: the document of the source locale and
/// edition that `SourcePairing` picks by tutorial path and `ms.assetid`.
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

/// The source documents among a set of tutorials, by index, paired as `SourcePairing` pairs them.
public struct SourceIndex: Sendable {
    var selection: SourceSelection
    private var pairing = SourcePairing<Int>()

    public init(tutorials: [Tutorial], selection: SourceSelection) {
        self.selection = selection
        for (index, tutorial) in tutorials.enumerated() where selection.isSource(tutorial) {
            pairing.add(index, path: tutorial.tutorialPath, assetID: tutorial.metadata.assetID)
        }
    }

    /// The index of the source of `tutorial`, nil for a source itself or an orphan.
    public func source(of tutorial: Tutorial) -> Int? {
        guard !selection.isSource(tutorial) else { return nil }
        return pairing.source(path: tutorial.tutorialPath, assetID: tutorial.metadata.assetID)
    }
}
