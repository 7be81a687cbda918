import Foundation
import Localization
import Site
import TutorialModel

/// The link check's cache, `.stepwise/cache/links.bin` (safe to delete): each document's link
/// findings, the documents its links point to, the hash of its anchors and its dependency key (see
/// `CheckCache`). A later build checks again only the documents whose dependency key changed, and
/// those that link to a document whose anchors changed; the others' findings are the stored ones.
/// Anything that changes what a link resolves to — the tool, `stepwise.yml`, the options, the set of
/// documents and their places — changes the key: then every document is checked.
struct LinkCache {
    var url: URL
    /// The check's key (tool, configuration, options).
    var key: String
    /// Each document's dependency key, by its `source`; a document without one is always checked.
    var dependencyKeys: [String: String]
    /// Where the records are written when some were checked again (nil: before `findings` returns).
    var writes: BackgroundWrites?

    init(root: URL, key: String, dependencyKeys: [String: String], writes: BackgroundWrites? = nil) {
        url = Self.url(root: root)
        self.key = key
        self.dependencyKeys = dependencyKeys
        self.writes = writes
    }

    struct Record: Codable, Sendable {
        var dependencyKey: String
        var anchors: String
        var targets: [String]
        var findings: [Finding]
    }

    struct Stored: Codable, Sendable {
        static let version = 1
        var version = Stored.version
        var key: String
        /// Each record as its bytes (the same layout as the record itself): a record still right is
        /// written back as it was read, not encoded again.
        var documents: [String: CachedValue<Record>]
    }

    /// The records of a cache file, read and decoded: what a run's link check reads before the links
    /// are known (see `LinkCheck.Inputs`).
    struct Records: Sendable {
        /// The run key they were stored under; nil when the file is missing or unreadable.
        var key: String?
        /// Each record's bytes, by document (written back as they are when the record is kept).
        var bytes: [String: CachedValue<Record>] = [:]
        /// Each readable record, by document: one that cannot be read is not stored, and its document is checked again.
        var records: [String: Record] = [:]
    }

    /// The cache file of the project at `root`.
    static func url(root: URL) -> URL {
        root.appendingPathComponent(".stepwise/cache/links.bin")
    }

    /// The records of the cache file at `url`: none when it is missing, unreadable or of another version.
    static func records(at url: URL) -> Records {
        guard let stored = CacheFile.read(Stored.self, from: url), stored.version == Stored.version else { return Records() }
        return Records(key: stored.key, bytes: stored.documents, records: stored.documents.compactMapValues(\.value))
    }

    /// The findings of every document of `links`, in their order: stored where still right, checked
    /// again otherwise; the cache is written again when any was checked. `read`: the cache file's
    /// records, read before (else read here). `restore`: the links of a document checked again that
    /// was read without them (see `LinkRestorer`).
    func findings(_ links: [DocumentLinks], others: [Tutorial], checker: LinkChecker, read: Records? = nil,
                  restore: LinkRestorer = { $0 }, finding: (LinkChecker.Problem) -> Finding) -> [Finding] {
        let key = runKey(links, others: others)
        guard Set(links.map(\.document)).count == links.count else {
            return checker.problemsByDocument(of: links.concurrentMap(restore)).flatMap(\.problems).map(finding)
        }
        let read = read ?? Self.records(at: url)
        let (storedBytes, stored) = read.key == key ? (read.bytes, read.records) : ([:], [:])
        let changed = links.filter { document in stored[document.document].map { $0.dependencyKey != dependencyKeys[document.document] } ?? true }
        let anchors = Dictionary(changed.map { ($0.document, Self.anchors($0)) }, uniquingKeysWith: { first, _ in first })
        let moved = Set(changed.filter { stored[$0.document]?.anchors != anchors[$0.document] }.map(\.document))
        let again = Set(changed.map(\.document)).union(links.compactMap { document in
            stored[document.document].flatMap { $0.targets.contains(where: moved.contains) ? document.document : nil }
        })
        var fresh: [String: (problems: [LinkChecker.Problem], targets: Set<String>)] = [:]
        for checked in checker.problemsByDocument(of: links.filter { again.contains($0.document) }.concurrentMap(restore)) {
            fresh[checked.document] = (checked.problems, checked.targets)
        }
        var records: [String: CachedValue<Record>] = [:]
        records.reserveCapacity(links.count)
        var result: [Finding] = []
        // By index: each document's links read in place (a corpus's are tens of thousands, most of
        // them kept), not copied.
        for index in links.indices {
            let name = links[index].document
            let bytes: CachedValue<Record>?
            if let checked = fresh[name] {
                let record = Record(dependencyKey: dependencyKeys[name] ?? "", anchors: anchors[name] ?? Self.anchors(links[index]),
                                    targets: checked.targets.sorted(), findings: checked.problems.map(finding))
                result += record.findings
                bytes = try? CachedValue(record)
            } else {
                result += stored[name]!.findings
                bytes = storedBytes[name]
            }
            if dependencyKeys[name] != nil, let bytes { records[name] = bytes }
        }
        if !again.isEmpty {
            let (stored, url) = (Stored(key: key, documents: records), url)
            let write: @Sendable () -> Void = { try? CacheFile.write(stored, to: url) }
            if let writes { writes.start(write) } else { write() }
        }
        return result
    }

    /// The key of a run: the check's key and every document's place.
    private func runKey(_ links: [DocumentLinks], others: [Tutorial]) -> String {
        // The key and each place on its line, hashed as they come (a corpus has tens of thousands).
        var hash = ContentHash.Running()
        hash.add(key)
        func add(_ source: String, _ locale: String, _ edition: String, _ tutorialPath: String) {
            hash.add("\n")
            hash.add(source)
            hash.add("\t")
            hash.add(locale)
            hash.add("\t")
            hash.add(edition)
            hash.add("\t")
            hash.add(tutorialPath)
        }
        for document in links { add(document.document, document.locale, document.edition, document.tutorialPath) }
        for document in others { add(document.source, document.locale, document.edition, document.tutorialPath) }
        return hash.hex
    }

    private static func anchors(_ document: DocumentLinks) -> String {
        ContentHash.hex(Data(document.anchors.joined(separator: "\n").utf8))
    }
}

/// As its conformance writes it, but its documents in the order they iterate (see
/// `CacheByteWriter.entry(_:unordered:)`): the file is read back whole and never compared byte for
/// byte, and sorting a corpus's documents cost every edited run 0.07 CPU-second.
extension LinkCache.Stored: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("version", version)
            try writer.entry("key", key)
            try writer.entry("documents", unordered: documents)
        }
    }
}
