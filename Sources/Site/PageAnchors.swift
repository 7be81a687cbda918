public import TutorialModel

/// The element ids a tutorial's page gives its sections and steps, computed once, the way the page
/// renders them: what a `#fragment` pointing at the page can name.
public struct PageAnchors: Hashable, Sendable {
    /// Each section's id, in section order.
    public let sectionIDs: [String]
    /// Each section's anchors written among its blocks (`<a name="…">`), as element ids.
    public let extraIDs: [[String]]
    /// Every id a link may name: sections, steps and anchors.
    public let ids: Set<String>

    /// Ids given out before any section (the page's own landmarks).
    static let reserved: Set<String> = ["main", "toc-title"]

    public init(_ tutorial: Tutorial) {
        var used = Self.reserved
        var sections: [String] = []
        var ids = Set<String>()
        for (number, section) in tutorial.sections.enumerated() {
            let id = HTMLIdentifier.unique(HTMLIdentifier.make(section.id, fallback: "section-\(number + 1)"), in: &used)
            sections.append(id)
            ids.insert(id)
            for step in section.steps { ids.insert(Self.stepID(step, section: id)) }
        }
        // Anchors written among the blocks come after every heading's id, so they never change one;
        // an anchor that names an id the page already has is not repeated.
        used.formUnion(ids)
        extraIDs = tutorial.sections.map { section in
            section.anchors.compactMap { anchor in
                let id = HTMLIdentifier.make(anchor, fallback: "")
                guard !id.isEmpty, !used.contains(id) else { return nil }
                used.insert(id)
                return id
            }
        }
        sectionIDs = sections
        self.ids = ids.union(extraIDs.joined())
    }

    /// The id of a step of the section with id `section`.
    static func stepID(_ step: Step, section: String) -> String { "\(section)-step-\(step.ordinal)" }

    /// The id a written fragment names (`Create_App` → `create-app`), as links are rendered.
    public static func id(for fragment: String) -> String {
        HTMLIdentifier.make(fragment, fallback: fragment)
    }

    /// Whether a written fragment names one of `ids`.
    static func contains(_ fragment: String, in ids: Set<String>) -> Bool {
        ids.contains(fragment) || ids.contains(id(for: fragment))
    }
}
