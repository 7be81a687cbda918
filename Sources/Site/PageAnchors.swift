public import TutorialModel

/// The element ids a tutorial's page gives its sections and steps, computed once, the way the page
/// renders them: what a `#fragment` pointing at the page can name.
///
/// A section of a translation or an older edition that the alignment pairs with a section of its
/// source takes the source section's id (`stable`), so `…/fr-fr/page.html#create-the-project` and
/// `…/en-us/page.html#create-the-project` are the same place and the language switcher keeps it.
/// The id the section's own heading would give it stays on the page as an anchor, so links written
/// in the translation (`#ubersicht`) still land.
public struct PageAnchors: Hashable, Sendable {
    /// Each section's id, in section order.
    public let sectionIDs: [String]
    /// Each section's further ids, rendered as empty targets at its start: its own heading's id when the
    /// section took its source's, and the anchors written among its blocks (`<a name="…">`).
    public let extraIDs: [[String]]
    /// Every id a link may name: sections, steps and anchors.
    public let ids: Set<String>

    /// Ids given out before any section (the page's own landmarks).
    static let reserved: Set<String> = ["main", "toc-title", "site-search-input", "site-search-results"]

    /// The anchors of `tutorial`'s page; `stable` maps a section's index to its source section's id.
    public init(_ tutorial: Tutorial, stable: [Int: String] = [:]) {
        let (own, resolved, taken) = Self.resolvedSectionIDs(tutorial.sections.map(\.id), stable: stable)
        var used = taken
        var ids = Set<String>()
        for (number, final) in resolved.enumerated() {
            ids.insert(final)
            for step in tutorial.sections[number].steps { ids.insert(Self.stepID(step, section: final)) }
        }
        // Own ids, then anchors written among the blocks, come after every section's id, so they never
        // change one; an id the page already has is not repeated.
        used.formUnion(ids)
        var extra: [[String]] = own.indices.map { number in
            guard own[number] != resolved[number], !used.contains(own[number]) else { return [] }
            used.insert(own[number])
            return [own[number]]
        }
        for (number, section) in tutorial.sections.enumerated() {
            extra[number] += section.anchors.compactMap { anchor in
                let id = HTMLIdentifier.make(anchor, fallback: "")
                guard !id.isEmpty, !used.contains(id) else { return nil }
                used.insert(id)
                return id
            }
        }
        sectionIDs = resolved
        extraIDs = extra
        self.ids = ids.union(extra.joined())
    }

    /// The ids of a page's sections from their `Section.id`s (`keys`, in order) and the stable ids
    /// (`stable`): each section's own id, its final id, and the ids given out.
    static func resolvedSectionIDs(_ keys: [String], stable: [Int: String]) -> (own: [String], resolved: [String], used: Set<String>) {
        var ownUsed = Self.reserved
        let own = keys.enumerated().map { number, key in
            HTMLIdentifier.unique(HTMLIdentifier.make(key, fallback: "section-\(number + 1)"), in: &ownUsed)
        }
        var used = Self.reserved
        let sections = own.indices.map { number in
            stable[number].map { HTMLIdentifier.unique($0, in: &used) } ?? own[number]
        }
        // Sections without a source id keep their own; an id taken by a stable one gets a suffix.
        let resolved = sections.enumerated().map { number, id in stable[number] == nil ? HTMLIdentifier.unique(id, in: &used) : id }
        return (own, resolved, used)
    }

    /// As `stableIDs(_:sections:)`, with each document's sections taken from its model in `tutorials`.
    public static func stableIDs(
        _ origins: [String: [Int: (document: String, section: Int)]], tutorials: [String: Tutorial]
    ) -> [String: [Int: String]] {
        stableIDs(origins, sections: tutorials.mapValues { $0.sections.map(\.id) })
    }

    /// The stable section ids of every aligned document: `origins` names, by document (its `source`)
    /// and section index, the source document and section it is aligned with; each such section gets
    /// the id the source's page gives that section (a source that is itself aligned with another,
    /// such as an older edition of a translation, takes that one's ids in turn). `sections` holds each
    /// document's `Section.id`s, in order: a section's id on the page is made from them alone.
    public static func stableIDs(
        _ origins: [String: [Int: (document: String, section: Int)]], sections: [String: [String]]
    ) -> [String: [Int: String]] {
        var anchors: [String: [String]] = [:]
        func anchorsOf(_ document: String, depth: Int) -> [String]? {
            if let known = anchors[document] { return known }
            guard let keys = sections[document] else { return nil }
            let made = resolvedSectionIDs(keys, stable: depth < 4 ? ids(of: document, depth: depth + 1) : [:]).resolved
            anchors[document] = made
            return made
        }
        func ids(of document: String, depth: Int) -> [Int: String] {
            var ids: [Int: String] = [:]
            for (section, origin) in origins[document] ?? [:] {
                guard let source = anchorsOf(origin.document, depth: depth), source.indices.contains(origin.section) else { continue }
                ids[section] = source[origin.section]
            }
            return ids
        }
        var result: [String: [Int: String]] = [:]
        for document in origins.keys.sorted() {
            let found = ids(of: document, depth: 0)
            if !found.isEmpty { result[document] = found }
        }
        return result
    }

    /// The id of a step of the section with id `section`.
    static func stepID(_ step: Step, section: String) -> String { "\(section)-step-\(step.ordinal)" }

    /// The id a written fragment names (`Create_App` → `create-app`), as links are rendered.
    public static func id(for fragment: String) -> String {
        HTMLIdentifier.make(fragment, fallback: fragment)
    }

    /// Whether a written fragment names one of `ids`.
    static func contains(_ fragment: String, in ids: SortedAnchors) -> Bool {
        ids.contains(fragment) || ids.contains(id(for: fragment))
    }
}
