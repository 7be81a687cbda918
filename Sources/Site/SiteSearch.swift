import Foundation

/// The search indexes of a site, one per locale: collected as pages are built, carried in a shard's
/// part and merged, written as `<locale>/search-index.js` and its parts.
public struct SiteSearch: Hashable, Sendable, Codable {
    /// By locale.
    public private(set) var indexes: [String: SearchIndex] = [:]

    public init() {}

    public mutating func add(_ document: SearchDocument, locale: String) {
        indexes[locale, default: SearchIndex(locale: locale)].add(document)
    }

    /// Takes out the index of `locale`, to be built on apart from this value.
    mutating func removeIndex(of locale: String) -> SearchIndex? {
        indexes.removeValue(forKey: locale)
    }

    public mutating func merge(_ other: SiteSearch) {
        for (locale, index) in other.indexes { indexes[locale, default: SearchIndex(locale: locale)].merge(index) }
    }

    /// The indexes of several shards as one (the merged file is the same whatever the order).
    public static func merged(_ parts: [SiteSearch]) -> SiteSearch {
        parts.reduce(into: SiteSearch()) { $0.merge($1) }
    }

    /// The files of every locale of `locales`: an empty index where none of its pages was added.
    func files(locales: Set<String>) -> [(locale: String, files: [SearchFile])] {
        locales.sorted().map { locale in (locale, (indexes[locale] ?? SearchIndex(locale: locale)).files()) }
    }
}
