import Localization
import StepwiseDiagnostics
import TutorialModel

/// A type written to the cache's bytes directly rather than through `Encodable`'s containers: the
/// values a cold run encodes by the hundred thousand (every document's findings and links, every
/// page's diagnostics), the writing counterpart of `CacheReadable`. Each writes exactly the bytes its
/// `Encodable` conformance writes through `CacheEncoder` — the same keys in the same order, a nil
/// optional left out, a list in its order, a set's elements and a dictionary's keys in ascending order
/// (the check cache's index excepted: see `entry(_:unordered:)`) — which `CacheWritableTests` checks
/// byte for byte.
/// `CacheEncoder` writes such a value (alone, or as part of any other) this way.
protocol CacheWritable: Encodable {
    func write(cache writer: inout CacheByteWriter) throws
}

extension CacheByteWriter {
    /// An object of the entries `entries` writes (`entry`), counted as they are written: their count,
    /// which goes before them, is put in place once they are.
    mutating func writeObject(_ entries: (inout CacheByteWriter) throws -> Void) rethrows {
        let lengthAt = begin(.object)
        let enclosing = objectEntries
        objectEntries = 0
        try entries(&self)
        var count: [UInt8] = []
        LEB128.append(UInt64(objectEntries), to: &count)
        bytes.insert(contentsOf: count, at: lengthAt + 4)
        objectEntries = enclosing
        end(lengthAt)
    }

    /// A key and its value, when there is one (an absent optional writes nothing).
    mutating func entry(_ key: String, _ value: (some CacheWritable)?) throws {
        guard let value else { return }
        writeString(key)
        try value.write(cache: &self)
        objectEntries += 1
    }

    /// A key and a dictionary, its entries in the order it iterates (not `Dictionary: CacheWritable`'s
    /// ascending order): for a file of the cache that is never compared byte for byte.
    mutating func entry(_ key: String, unordered dictionary: [String: some CacheWritable]) throws {
        writeString(key)
        try writeObject { writer in
            for (key, value) in dictionary { try writer.entry(key, value) }
        }
        objectEntries += 1
    }

    /// A key and a set, its elements in the order it iterates (see `entry(_:unordered:)` of a dictionary).
    mutating func entry(_ key: String, unordered set: Set<some CacheWritable>) throws {
        writeString(key)
        let lengthAt = begin(.array, count: set.count)
        for element in set { try element.write(cache: &self) }
        end(lengthAt)
        objectEntries += 1
    }

    /// A key and its value, written through its `Encodable` conformance.
    mutating func entry(_ key: String, encoding value: (some Encodable)?) throws {
        guard let value else { return }
        writeString(key)
        try CacheEncoder.node(of: value, codingPath: []).write(to: &self)
        objectEntries += 1
    }
}

extension String: CacheWritable {
    func write(cache writer: inout CacheByteWriter) { writer.write(.string(self)) }
}

extension Int: CacheWritable {
    func write(cache writer: inout CacheByteWriter) { writer.write(.int(Int64(self))) }
}

extension Bool: CacheWritable {
    func write(cache writer: inout CacheByteWriter) { writer.write(.bool(self)) }
}

extension Severity: CacheWritable {
    func write(cache writer: inout CacheByteWriter) { writer.write(.string(rawValue)) }
}

extension BaselineState: CacheWritable {
    func write(cache writer: inout CacheByteWriter) { writer.write(.string(rawValue)) }
}

extension Array: CacheWritable where Element: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        let lengthAt = writer.begin(.array, count: count)
        for element in self { try element.write(cache: &writer) }
        writer.end(lengthAt)
    }
}

/// As its conformance encodes it, an array, in ascending order: a set iterates in an order that
/// differs from run to run (hashing is seeded per process), and the same value must give the same
/// bytes (a report part is an output of the run).
extension Set: CacheWritable where Element: CacheWritable & Comparable {
    func write(cache writer: inout CacheByteWriter) throws {
        let lengthAt = writer.begin(.array, count: count)
        for element in sorted() { try element.write(cache: &writer) }
        writer.end(lengthAt)
    }
}

/// As its conformance encodes a dictionary keyed by strings, an object, its keys in ascending order
/// (see the set's).
extension Dictionary: CacheWritable where Key == String, Value: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            for (key, value) in sorted(by: { $0.key < $1.key }) { try writer.entry(key, value) }
        }
    }
}

extension Origin: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("path", path)
            try writer.entry("line", line)
            try writer.entry("include", include)
        }
    }
}

extension LinkReference: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("destination", destination)
            try writer.entry("origin", origin)
            try writer.entry("column", column)
        }
    }
}

extension DocumentLinks: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("document", document)
            try writer.entry("locale", locale)
            try writer.entry("edition", edition)
            try writer.entry("tutorialPath", tutorialPath)
            try writer.entry("anchors", anchors)
            try writer.entry("links", links)
        }
    }
}

extension Finding.SourcePointer: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("path", path)
            try writer.entry("line", line)
        }
    }
}

extension Finding: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("rule", rule)
            try writer.entry("severity", severity)
            try writer.entry("path", path)
            try writer.entry("line", line)
            try writer.entry("column", column)
            try writer.entry("message", message)
            try writer.entry("locale", locale)
            try writer.entry("document", document)
            try writer.entry("source", source)
            try writer.entry("fix", fix)
            try writer.entry("diff", encoding: diff)
            try writer.entry("fingerprint", fingerprint)
            try writer.entry("baseline", baseline)
        }
    }
}

extension SourceLocation: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("path", path)
            try writer.entry("line", line)
            try writer.entry("column", column)
        }
    }
}

extension DiagnosticNote: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("location", location)
            try writer.entry("message", message)
        }
    }
}

/// As its own `encode(to:)` writes it: no `notes` when there are none.
extension Diagnostic: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("id", id)
            try writer.entry("severity", severity)
            try writer.entry("location", location)
            try writer.entry("summary", summary)
            try writer.entry("fix", fix)
            try writer.entry("notes", notes.isEmpty ? nil : notes)
        }
    }
}

extension FileStamp: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("size", size)
            try writer.entry("modified", modified)
            try writer.entry("hash", hash)
            try writer.entry("assetID", assetID)
            try writer.entry("racy", racy)
        }
    }
}

/// A document's share of the report (`CheckCache.Entry.share`), as its synthesized conformance
/// writes it: every property in declaration order; the alignments (none in a stored share) through
/// their conformances.
extension CheckReport: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("schema", schema)
            try writer.entry("findings", findings)
            try writer.entry("alignments", encoding: alignments)
            try writer.entry("sources", sources)
            try writer.entry("staleness", staleness)
            try writer.entry("summary", summary)
            try writer.entry("fixed", fixed)
            try writer.entry("checkedFiles", checkedFiles)
            try writer.entry("checkedDocuments", checkedDocuments)
            try writer.entry("lintedFiles", lintedFiles)
            try writer.entry("suppressions", suppressions)
            try writer.entry("links", links)
            try writer.entry("sampleCounts", sampleCounts)
        }
    }
}

extension CheckSummary: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("documents", documents)
            try writer.entry("files", files)
            try writer.entry("findings", findings)
            try writer.entry("bySeverity", bySeverity)
            try writer.entry("byRule", byRule)
            try writer.entry("byLocale", byLocale)
            try writer.entry("samples", samples)
            try writer.entry("known", known)
            try writer.entry("fixed", fixed)
            try writer.entry("suppressed", suppressed)
        }
    }
}

extension SentenceStaleness.Counts: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("sentences", sentences)
            try writer.entry("current", current)
            try writer.entry("changed", changed)
            try writer.entry("removed", removed)
            try writer.entry("untranslated", untranslated)
        }
    }
}

extension CheckReport.Suppressed: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("byDocument", byDocument)
            try writer.entry("byFile", byFile)
        }
    }
}

extension Baseline.Entry: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("rule", rule)
            try writer.entry("path", path)
            try writer.entry("fingerprint", fingerprint)
            try writer.entry("line", line)
            try writer.entry("message", message)
            try writer.entry("document", document)
        }
    }
}

/// The bytes encoded before, as they are (what its `encode(to:)` gives `CacheEncoder`).
extension CachedValue: CacheWritable {
    func write(cache writer: inout CacheByteWriter) {
        withBytes { writer.bytes.append(contentsOf: $0) }
    }
}

/// The check cache's records: an entry (the dependencies as their one flat array), a bucket of
/// entries, the index.
extension CheckCache.Entry: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("dependencies", dependencies.flat)
            try writer.entry("dependencyKey", dependencyKey)
            try writer.entry("share", share)
            try writer.entry("fingerprint", fingerprint)
            try writer.entry("header", header)
        }
    }
}

extension CheckCache.Header: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in try writer.entry("assetID", assetID) }
    }
}

extension CacheByteWriter {
    /// A cache bucket as `CacheByteReader.readBucket` reads it: its format version, its key, one more
    /// string (`text`, under `label`) and its values by file path (under `values`).
    mutating func writeBucket(version: Int, key: String, label: String, _ text: String, values: String, _ entries: [String: some CacheWritable]) throws {
        try writeObject { writer in
            try writer.entry("version", version)
            try writer.entry("key", key)
            try writer.entry(label, text)
            try writer.entry(values, entries)
        }
    }
}

extension CheckCache.Bucket: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeBucket(version: version, key: key, label: "generation", generation, values: "entries", entries)
    }
}

extension CheckCache.Index: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("version", version)
            try writer.entry("key", key)
            try writer.entry("documents", documents)
            try writer.entry("assets", assets)
            // In the order they iterate: the index is read back whole and never compared byte for
            // byte, and sorting its tens of thousands of paths cost an edited run 0.1 CPU-second.
            try writer.entry("files", unordered: files)
            try writer.entry("absent", unordered: absent)
            try writer.entry("generations", generations)
        }
    }
}

/// The site cache's records: a page, a bucket of pages (a cold build of the Azure corpus writes
/// thirteen thousand pages, through their conformances a second of its end on one core).
extension DriftRow: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("document", document)
            try writer.entry("tutorialPath", tutorialPath)
            try writer.entry("locale", locale)
            try writer.entry("edition", edition)
            try writer.entry("files", files)
        }
    }
}

extension SiteCache.Page: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeObject { writer in
            try writer.entry("page", page)
            try writer.entry("dependencyKey", dependencyKey)
            try writer.entry("samples", samples)
            try writer.entry("stamp", stamp)
            try writer.entry("title", title)
            try writer.entry("headerTitle", headerTitle)
            try writer.entry("description", description)
            try writer.entry("row", row)
            try writer.entry("media", media)
            try writer.entry("diagnostics", diagnostics)
            try writer.entry("search", search)
            try writer.entry("searchFingerprint", searchFingerprint)
        }
    }
}

extension SiteCache.Bucket: CacheWritable {
    func write(cache writer: inout CacheByteWriter) throws {
        try writer.writeBucket(version: version, key: key, label: "plan", plan, values: "pages", pages)
    }
}
