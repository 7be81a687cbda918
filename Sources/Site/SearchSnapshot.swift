import Foundation
import StepwiseDiagnostics

/// A locale's search index as a build left it, with the fingerprint (`SearchDocument.fingerprint`) of
/// each page it holds: what lets the next build rebuild the index after an edit from this one — the
/// pages whose fingerprint is still theirs taken as they are, the others taken out and added afresh —
/// rather than from every page's stored search document (each section's terms, millions of strings
/// for a large site). A page kept so contributes exactly what its document would: the fingerprint
/// covers everything the index takes from it.
public struct SearchSnapshot: Sendable {
    /// The index, canonical (pages by path).
    public var index: SearchIndex
    /// Each page's fingerprint, by page path.
    public var fingerprints: [String: String]
    /// What the index's files spell of each page, by page path (`SearchIndex.SpelledPage`): a page kept
    /// from the snapshot is not spelled again.
    public var spelled: [String: SearchIndex.SpelledPage]

    /// The snapshot of `index` (canonical or not), each page's fingerprint taken from `fingerprints`
    /// (a page without one is left out).
    public init(index: SearchIndex, fingerprints: [String: String]) {
        let index = index.canonical()
        self.init(canonical: index, fingerprints: fingerprints, spelled: index.spelledPages(known: [:]))
    }

    /// The snapshot of `index`, canonical already, its pages spelled (`SearchIndex.spelledPages(known:)`,
    /// in page order); see `init(index:fingerprints:)`.
    init(canonical index: SearchIndex, fingerprints: [String: String], spelled: [SearchIndex.SpelledPage]) {
        var index = index
        let unknown = Set(index.pages.map(\.path).filter { fingerprints[$0] == nil })
        self.spelled = Dictionary(zip(index.pages.map(\.path), spelled).filter { !unknown.contains($0.0) }, uniquingKeysWith: { first, _ in first })
        if !unknown.isEmpty { index = index.removingPages(unknown) }
        self.index = index
        self.fingerprints = Dictionary(uniqueKeysWithValues: index.pages.map { ($0.path, fingerprints[$0.path] ?? "") })
    }

    private init(read index: SearchIndex, fingerprints: [String: String], spelled: [String: SearchIndex.SpelledPage]) {
        self.index = index
        self.fingerprints = fingerprints
        self.spelled = spelled
    }

    /// The index of the pages `current` lists (page path → fingerprint) that this snapshot holds with
    /// the same fingerprint, but those of `except`: the part of the index a build can keep.
    public func kept(_ current: [String: String], except: Set<String>) -> SearchIndex {
        index.removingPages(Set(index.pages.map(\.path).filter { current[$0] != fingerprints[$0] || except.contains($0) }))
    }

    static let magic = Array("SWSS".utf8)
    static let version: UInt8 = 2

    /// The snapshot in a compact binary form: strings and numbers as LEB128 lengths and values, each
    /// term's sections as differences (ascending in a canonical index); after each page's sections,
    /// how it is spelled: its entry, then each section's heading terms joined by spaces (a term holds none).
    public func bytes() -> [UInt8] {
        let terms = index.postings.keys.sorted()
        // Measured first, then written into room made once: a locale's snapshot is tens of megabytes,
        // and an array grown by doubling touched twice that in fresh pages (each zeroed by the system
        // first), half a second of a cold build's time.
        var size = Self.magic.count + 1
        write(terms: terms, string: { size += LEB128.length(UInt64($0.utf8.count)) + $0.utf8.count }, number: { size += LEB128.length(UInt64($0)) })
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes += Self.magic
        bytes.append(Self.version)
        write(terms: terms, string: { LEB128.append(string: $0, to: &bytes) }, number: { LEB128.append(UInt64($0), to: &bytes) })
        assert(bytes.count == size, "the snapshot's size measured is not the size written")
        return bytes
    }

    /// Hands every string and number of the snapshot after its header, in order, to `string` and
    /// `number` (`terms`: the index's terms, sorted).
    private func write(terms: [String], string: (String) -> Void, number: (Int) -> Void) {
        string(index.locale)
        number(index.pages.count)
        for page in index.pages {
            string(page.path)
            string(fingerprints[page.path] ?? "")
            string(page.title)
            number(page.sections.count)
            for section in page.sections {
                string(section.id)
                string(section.heading)
                string(section.snippet)
            }
            let spelled = spelled[page.path]
            string(spelled?.entry ?? "")
            for offset in page.sections.indices {
                string(spelled.map { $0.headings.indices.contains(offset) ? $0.headings[offset].joined(separator: " ") : "" } ?? "")
            }
        }
        number(index.sectionCount)
        number(terms.count)
        for term in terms {
            let sections = index.postings[term] ?? []
            string(term)
            number(sections.count)
            var previous: UInt32 = 0
            for section in sections {
                number(Int(section - previous))
                previous = section
            }
        }
    }

    /// The snapshot `bytes()` wrote; nil for bytes of another form or version, cut or damaged, or whose
    /// index is not canonical.
    public init?(bytes: UnsafeRawBufferPointer) {
        var offset = 0
        guard bytes.count > Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic), bytes[Self.magic.count] == Self.version
        else { return nil }
        offset = Self.magic.count + 1
        func number() -> Int? {
            guard let value = LEB128.read(bytes, at: &offset), value <= UInt64(Int32.max) else { return nil }
            return Int(value)
        }
        func string() -> String? {
            LEB128.stringBytes(bytes, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
        guard let locale = string(), let pageCount = number() else { return nil }
        var pages: [SearchIndex.Page] = []
        var fingerprints: [String: String] = [:]
        var spelled: [String: SearchIndex.SpelledPage] = [:]
        var sectionTotal = 0
        pages.reserveCapacity(pageCount)
        for _ in 0..<pageCount {
            guard let path = string(), let fingerprint = string(), let title = string(), let count = number() else { return nil }
            var sections: [SearchIndex.Section] = []
            for _ in 0..<count {
                guard let id = string(), let heading = string(), let snippet = string() else { return nil }
                sections.append(SearchIndex.Section(id: id, heading: heading, snippet: snippet))
            }
            guard let entry = string() else { return nil }
            var headings: [[String]] = []
            headings.reserveCapacity(count)
            for _ in 0..<count {
                guard let terms = string() else { return nil }
                headings.append(terms.utf8.split(separator: 0x20).map { String(Substring($0)) })
            }
            // Canonical: pages by path, each once.
            guard pages.last.map({ $0.path < path }) ?? true else { return nil }
            pages.append(SearchIndex.Page(path: path, title: title, sections: sections))
            fingerprints[path] = fingerprint
            spelled[path] = SearchIndex.SpelledPage(entry: entry, headings: headings)
            sectionTotal += count
        }
        guard let sectionCount = number(), sectionCount == sectionTotal, let termCount = number() else { return nil }
        var postings: [String: [UInt32]] = [:]
        postings.reserveCapacity(termCount)
        for _ in 0..<termCount {
            guard let term = string(), let count = number(), count > 0 else { return nil }
            var sections: [UInt32] = []
            sections.reserveCapacity(count)
            var section = 0
            for index in 0..<count {
                guard let difference = number(), index == 0 || difference > 0 else { return nil }
                section += difference
                guard section < sectionCount else { return nil }
                sections.append(UInt32(section))
            }
            guard postings.updateValue(sections, forKey: term) == nil else { return nil }
        }
        guard offset == bytes.count else { return nil }
        self.init(read: SearchIndex(locale: locale, pages: pages, postings: postings, sectionCount: sectionCount), fingerprints: fingerprints, spelled: spelled)
    }
}
