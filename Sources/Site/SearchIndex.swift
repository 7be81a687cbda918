import Foundation

/// The search index of one locale: its pages with their sections, and an inverted index from each
/// term to the sections that hold it (sections numbered through the pages in order). Pages are
/// added in any order — as they are built, or a shard's index at a time — and `canonical()`
/// orders them by page, so the file written depends on the pages only, not on how they came.
public struct SearchIndex: Hashable, Sendable, Codable {
    public var locale: String
    public private(set) var pages: [Page] = []
    /// Term → the numbers of the sections that hold it, ascending once canonical.
    public private(set) var postings: [String: [UInt32]] = [:]
    public private(set) var sectionCount = 0

    public struct Page: Hashable, Sendable, Codable {
        public var path: String
        public var title: String
        public var sections: [Section]
    }

    public struct Section: Hashable, Sendable, Codable {
        public var id: String
        public var heading: String
        public var snippet: String
    }

    public init(locale: String) {
        self.locale = locale
    }

    /// Adds a page: its sections get the next numbers; only its terms are kept, as postings.
    public mutating func add(_ document: SearchDocument) {
        pages.append(Page(path: document.page, title: document.title, sections: document.sections.map {
            Section(id: $0.id, heading: $0.heading, snippet: $0.snippet)
        }))
        for (offset, section) in document.sections.enumerated() {
            for term in section.terms { postings[term, default: []].append(UInt32(sectionCount + offset)) }
        }
        sectionCount += document.sections.count
    }

    /// Adds every page of `other` (another shard's share of the same locale).
    public mutating func merge(_ other: SearchIndex) {
        let offset = UInt32(sectionCount)
        pages += other.pages
        for (term, sections) in other.postings { postings[term, default: []] += sections.map { $0 + offset } }
        sectionCount += other.sectionCount
    }

    /// The same index with its pages sorted by path and its sections renumbered in that order.
    public func canonical() -> SearchIndex {
        var firstSection: [Int] = []
        var next = 0
        for page in pages {
            firstSection.append(next)
            next += page.sections.count
        }
        let order = pages.indices.sorted { pages[$0].path < pages[$1].path }
        var renumbered = [UInt32](repeating: 0, count: sectionCount)
        var number: UInt32 = 0
        for index in order {
            for offset in 0..<pages[index].sections.count {
                renumbered[firstSection[index] + offset] = number
                number += 1
            }
        }
        var result = SearchIndex(locale: locale)
        result.pages = order.map { pages[$0] }
        result.postings = postings.mapValues { $0.map { renumbered[Int($0)] }.sorted() }
        result.sectionCount = sectionCount
        return result
    }
}

extension SearchIndex {
    init(locale: String, pages: [Page], postings: [String: [UInt32]], sectionCount: Int) {
        self.locale = locale
        self.pages = pages
        self.postings = postings
        self.sectionCount = sectionCount
    }

    /// This index, canonical, with the pages of `other` in place of its pages that `held` does not
    /// name: the index that `other` merged with this one's pages of `held` makes once canonical, made
    /// without renumbering every section when each page of `other` takes the place of a page at its
    /// path with as many sections (a page edited, its headings as they were: every section keeps its
    /// number; only the terms of the pages replaced change). Nil when the pages do not line up so
    /// (a page added, removed or of more or fewer sections): then only merging gives the index.
    public func replacingPages(with other: SearchIndex, keeping held: Set<String>) -> SearchIndex? {
        // This index's pages by path, with the number of their first section.
        var places: [String: (position: Int, first: Int)] = [:]
        places.reserveCapacity(pages.count)
        var first = 0
        for (position, page) in pages.enumerated() {
            places[page.path] = (position, first)
            first += page.sections.count
        }
        guard first == sectionCount else { return nil }
        // Each section of `other` by number: the number it takes here; and this index's sections
        // that pages of `other` replace, marked (a template change replaces every page: each term's
        // postings are then read once, not once per page replaced).
        var moved = [UInt32](repeating: 0, count: other.sectionCount)
        var replaced = [Bool](repeating: false, count: sectionCount)
        var result = self
        var otherFirst = 0
        for page in other.pages {
            guard !held.contains(page.path), let place = places.removeValue(forKey: page.path),
                  pages[place.position].sections.count == page.sections.count, otherFirst + page.sections.count <= other.sectionCount
            else { return nil }
            result.pages[place.position] = page
            for offset in page.sections.indices {
                moved[otherFirst + offset] = UInt32(place.first + offset)
                replaced[place.first + offset] = true
            }
            otherFirst += page.sections.count
        }
        // Every page not held is replaced.
        guard otherFirst == other.sectionCount, places.keys.allSatisfy(held.contains) else { return nil }
        guard otherFirst > 0 else { return result }
        // The replaced pages' sections out of every term's postings…
        for (term, sections) in postings where sections.contains(where: { replaced[Int($0)] }) {
            let kept = sections.filter { !replaced[Int($0)] }
            result.postings[term] = kept.isEmpty ? nil : kept
        }
        // … and their new sections in, in order.
        for (term, sections) in other.postings {
            let added = sections.map { moved[Int($0)] }.sorted()
            guard let existing = result.postings[term] else {
                result.postings[term] = added
                continue
            }
            result.postings[term] = Self.mergedAscending(existing, added)
        }
        return result
    }

    /// Two ascending arrays of distinct numbers as one ascending array.
    private static func mergedAscending(_ first: [UInt32], _ second: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count && j < second.count {
            if first[i] < second[j] { result.append(first[i]); i += 1 } else { result.append(second[j]); j += 1 }
        }
        result += first[i...]
        result += second[j...]
        return result
    }

    /// The index without the pages at `paths`: the other pages in the same order, their sections
    /// numbered again from 0, and a term that only those pages held gone.
    public func removingPages(_ paths: Set<String>) -> SearchIndex {
        guard !paths.isEmpty else { return self }
        // Each section's new number, or -1 when its page goes.
        var renumbered = [Int32](repeating: -1, count: sectionCount)
        var kept: [Page] = [], first = 0, next: Int32 = 0
        for page in pages {
            defer { first += page.sections.count }
            guard !paths.contains(page.path) else { continue }
            kept.append(page)
            for offset in 0..<page.sections.count {
                renumbered[first + offset] = next
                next += 1
            }
        }
        var result = SearchIndex(locale: locale)
        result.pages = kept
        result.sectionCount = Int(next)
        result.postings.reserveCapacity(postings.count)
        for (term, sections) in postings {
            let moved = sections.compactMap { renumbered[Int($0)] >= 0 ? UInt32(renumbered[Int($0)]) : nil }
            if !moved.isEmpty { result.postings[term] = moved }
        }
        return result
    }
}
