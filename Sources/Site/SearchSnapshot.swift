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
        let held = held(current, except: except)
        return index.removingPages(Set(index.pages.map(\.path).filter { !held.contains($0) }))
    }

    /// The paths of the pages `kept(_:except:)` keeps.
    public func held(_ current: [String: String], except: Set<String>) -> Set<String> {
        Set(index.pages.map(\.path).filter { current[$0] == fingerprints[$0] && !except.contains($0) })
    }

    static let magic = Array("SWSS".utf8)
    static let version: UInt8 = 3

    /// The snapshot in a compact binary form: strings and numbers as LEB128 lengths and values, each
    /// term's sections as differences (ascending in a canonical index); after each page's sections,
    /// how it is spelled: its entry, then each section's heading terms joined by spaces (a term holds
    /// none). The pages come first, after their bytes' length, so that a reader can take the pages and
    /// the terms on two cores.
    public func bytes() -> [UInt8] {
        let terms = index.postings.keys.sorted()
        // Measured first, then written into room made once: a locale's snapshot is tens of megabytes,
        // and an array grown by doubling touched twice that in fresh pages (each zeroed by the system
        // first), half a second of a cold build's time.
        var pagesSize = 0, termsSize = 0
        writePages(string: { pagesSize += LEB128.length(UInt64($0.utf8.count)) + $0.utf8.count }, number: { pagesSize += LEB128.length(UInt64($0)) })
        writeTerms(terms, string: { termsSize += LEB128.length(UInt64($0.utf8.count)) + $0.utf8.count }, number: { termsSize += LEB128.length(UInt64($0)) })
        let header = Self.magic.count + 1 + LEB128.length(UInt64(index.locale.utf8.count)) + index.locale.utf8.count
            + LEB128.length(UInt64(index.pages.count)) + LEB128.length(UInt64(pagesSize))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(header + pagesSize + termsSize)
        bytes += Self.magic
        bytes.append(Self.version)
        LEB128.append(string: index.locale, to: &bytes)
        LEB128.append(UInt64(index.pages.count), to: &bytes)
        LEB128.append(UInt64(pagesSize), to: &bytes)
        writePages(string: { LEB128.append(string: $0, to: &bytes) }, number: { LEB128.append(UInt64($0), to: &bytes) })
        writeTerms(terms, string: { LEB128.append(string: $0, to: &bytes) }, number: { LEB128.append(UInt64($0), to: &bytes) })
        assert(bytes.count == header + pagesSize + termsSize, "the snapshot's size measured is not the size written")
        return bytes
    }

    /// Hands every string and number of the pages' part of the snapshot, in order, to `string` and `number`.
    private func writePages(string: (String) -> Void, number: (Int) -> Void) {
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
                string(spelled.map { $0.headings.indices.contains(offset) ? $0.headings[offset] : "" } ?? "")
            }
        }
    }

    /// Hands every string and number of the terms' part of the snapshot (`terms`: the index's terms,
    /// sorted), in order, to `string` and `number`.
    private func writeTerms(_ terms: [String], string: (String) -> Void, number: (Int) -> Void) {
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
    /// index is not canonical. The pages and the terms are read on two cores.
    public init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count > Self.magic.count, bytes.prefix(Self.magic.count).elementsEqual(Self.magic), bytes[Self.magic.count] == Self.version
        else { return nil }
        var reader = Reader(bytes: bytes, offset: Self.magic.count + 1)
        guard let locale = reader.string(), let pageCount = reader.number(), let pagesSize = reader.number(), pagesSize <= reader.remaining
        else { return nil }
        let pagesReader = Reader(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<(reader.offset + pagesSize)]), offset: reader.offset)
        let termsReader = Reader(bytes: bytes, offset: reader.offset + pagesSize)
        let (pages, terms) = Concurrently.run({ Self.pages(pagesReader, count: pageCount) }, { Self.terms(termsReader) })
        guard let pages, let terms, terms.sectionCount == pages.sectionTotal else { return nil }
        self.init(read: SearchIndex(locale: locale, pages: pages.pages, postings: terms.postings, sectionCount: terms.sectionCount),
                  fingerprints: pages.fingerprints, spelled: pages.spelled)
    }

    /// Reads LEB128 numbers and strings from `offset` to the end of `bytes` (a prefix of the snapshot's,
    /// so offsets are the snapshot's): what a snapshot's reader hands each core (the bytes are the
    /// caller's, read in place while it waits).
    private struct Reader: @unchecked Sendable {
        let bytes: UnsafeRawBufferPointer
        var offset: Int

        mutating func number() -> Int? {
            guard let value = LEB128.read(bytes, at: &offset), value <= UInt64(Int32.max) else { return nil }
            return Int(value)
        }

        mutating func string() -> String? {
            LEB128.stringBytes(bytes, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }

        /// The bytes not read yet.
        var remaining: Int { bytes.count - offset }
    }

    /// The pages' part of a snapshot: `count` pages, canonical (by path, each once), every byte read.
    private static func pages(_ reader: Reader, count pageCount: Int)
        -> (pages: [SearchIndex.Page], fingerprints: [String: String], spelled: [String: SearchIndex.SpelledPage], sectionTotal: Int)? {
        var reader = reader
        var pages: [SearchIndex.Page] = []
        var fingerprints: [String: String] = [:]
        var spelled: [String: SearchIndex.SpelledPage] = [:]
        var sectionTotal = 0
        pages.reserveCapacity(min(pageCount, reader.remaining))
        for _ in 0..<pageCount {
            guard let path = reader.string(), let fingerprint = reader.string(), let title = reader.string(), let count = reader.number() else { return nil }
            var sections: [SearchIndex.Section] = []
            for _ in 0..<count {
                guard let id = reader.string(), let heading = reader.string(), let snippet = reader.string() else { return nil }
                sections.append(SearchIndex.Section(id: id, heading: heading, snippet: snippet))
            }
            guard let entry = reader.string() else { return nil }
            var headings: [String] = []
            headings.reserveCapacity(count)
            for _ in 0..<count {
                guard let terms = reader.string() else { return nil }
                headings.append(terms)
            }
            // Canonical: pages by path, each once.
            guard pages.last.map({ $0.path < path }) ?? true else { return nil }
            pages.append(SearchIndex.Page(path: path, title: title, sections: sections))
            fingerprints[path] = fingerprint
            spelled[path] = SearchIndex.SpelledPage(entry: entry, headings: headings)
            sectionTotal += count
        }
        guard reader.remaining == 0 else { return nil }
        return (pages, fingerprints, spelled, sectionTotal)
    }

    /// The terms' part of a snapshot: the section count and each term's sections (ascending, each
    /// below the count), every byte read.
    private static func terms(_ reader: Reader) -> (sectionCount: Int, postings: [String: [UInt32]])? {
        var reader = reader
        guard let sectionCount = reader.number(), let termCount = reader.number() else { return nil }
        var postings: [String: [UInt32]] = [:]
        postings.reserveCapacity(min(termCount, reader.remaining))
        for _ in 0..<termCount {
            guard let term = reader.string(), let count = reader.number(), count > 0 else { return nil }
            var sections: [UInt32] = []
            sections.reserveCapacity(min(count, reader.remaining))
            var section = 0
            for index in 0..<count {
                guard let difference = reader.number(), index == 0 || difference > 0 else { return nil }
                section += difference
                guard section < sectionCount else { return nil }
                sections.append(UInt32(section))
            }
            guard postings.updateValue(sections, forKey: term) == nil else { return nil }
        }
        guard reader.remaining == 0 else { return nil }
        return (sectionCount, postings)
    }
}
