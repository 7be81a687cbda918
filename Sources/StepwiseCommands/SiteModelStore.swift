import Foundation
import Site
import StepwiseDiagnostics
import Synchronization
import TutorialModel

/// What each page of the last build was rendered from besides the templates and the site's plan —
/// its document's model (`Tutorial.spooled()`), its samples' verifications and its sections' stable
/// ids — in `.stepwise/cache/site/models-XX.bin`, under its document's file path and dependency key
/// (see `CheckCache`). A build whose only change is the templates renders every page again from
/// them: no document is read, modelled or checked (the check cache gives the report); a page whose
/// document changed as well is read and checked as after any edit.
///
/// The entries are stored in `SiteCache.buckets` files by the hash of the document's path. A file
/// is a table — the key of the site's setup (`SiteCache.setupKey`: the tool, `stepwise.yml`, tables
/// of contents and dates, not the templates) and each entry's path, dependency key, lengths and
/// checksum — then the entries' bytes. A build reads the tables only, and each entry when its page
/// is rendered (memory holds the pages in flight, not the corpus's models). An entry is used only
/// when its file has this build's setup key, the entry the document's current dependency key, and
/// its bytes their checksum: a damaged, stale or missing entry makes the build read everything (or,
/// found while rendering, stops it), never a wrong page. A build writes the buckets of the pages it
/// rendered from a read document (a build that read every document: all of them), each file
/// replaced whole.
struct SiteModelStore {
    /// The site cache's folder (`SiteCache.folder`).
    let folder: URL

    static let magic: [UInt8] = Array("STWM".utf8)
    static let formatVersion: UInt8 = 1
    /// Magic, version, the table's length and its checksum.
    static let headerSize = magic.count + 1 + 8 + 8

    /// A page's model as it is recorded: the model's bytes (`Tutorial.spooled()`), where they are, and
    /// its verifications and stable ids (`StoredPageModel.pageBytes`).
    struct Record: Sendable {
        var model: ModelBytes
        var page: [UInt8]
    }

    enum ModelBytes: Sendable {
        case owned([UInt8])
        /// Set aside by the check (the model a cold build renders its page from): not encoded again.
        case spooled(Spool.Spooled)

        /// The bytes; nil when they cannot be read back from the spool.
        var bytes: [UInt8]? {
            switch self {
            case .owned(let bytes): bytes
            case .spooled(let spooled): spooled.bytes
            }
        }
    }

    /// One entry of a bucket file: where its model's and page's bytes are in the file, and their checksum.
    struct Entry: Sendable {
        var dependencyKey: String
        var offset: Int
        var modelLength: Int
        var pageLength: Int
        var checksum: UInt64

        var range: Range<Int> { offset..<offset + modelLength + pageLength }
    }

    /// The stored models of the documents `documents` (by file path: the dependency key each must
    /// have and its `source`), by `source`; nil when any of them has none (then every page is rendered
    /// from its document, read again).
    func load(_ documents: [String: (dependencyKey: String, source: String)], setupKey: String) -> Loaded? {
        var wanted = [Int: [String]]()
        for path in documents.keys { wanted[SiteCache.bucket(of: path), default: []].append(path) }
        let buckets = wanted.sorted { $0.key < $1.key }
        let found = buckets.concurrentMap { bucket, paths -> [(source: String, model: Loaded.Model)]? in
            let url = url(ofBucket: bucket)
            guard let table = Self.table(url, setupKey: setupKey) else { return nil }
            var models: [(source: String, model: Loaded.Model)] = []
            for path in paths {
                guard let document = documents[path], let entry = table[path], entry.dependencyKey == document.dependencyKey else { return nil }
                models.append((document.source, Loaded.Model(file: url, entry: entry)))
            }
            // Every entry's bytes checked now (read, not kept): a damaged one makes the build read
            // everything rather than stop it when its page is rendered.
            return Self.intact(models.map(\.model.entry), in: url) ? models : nil
        }
        var models = [String: Loaded.Model](minimumCapacity: documents.count)
        for bucket in found {
            guard let bucket else { return nil }
            for (source, model) in bucket { models[source] = model }
        }
        return Loaded(models: models, index: folder.appendingPathComponent("index.bin"))
    }

    /// The models a build loaded (`load`), each read and decoded when its page is rendered.
    struct Loaded: Sendable {
        struct Model: Sendable {
            let file: URL
            let entry: Entry
        }

        let models: [String: Model]
        /// The site cache's index (`SiteCache.loadIndex()`).
        let index: URL

        var sources: Set<String> { Set(models.keys) }

        /// Makes the next build read every document: removes the site cache's index, for a stored model
        /// that was intact when loaded and could not be read when its page was rendered.
        func forget() {
            try? FileManager.default.removeItem(at: index)
        }

        /// The stored model of the document `source`; nil when it has none, or its bytes cannot be
        /// read, are not the ones stored, or do not decode.
        func model(of source: String) -> StoredPageModel? {
            guard let stored = models[source], let bytes = SiteModelStore.bytes(stored.entry, in: stored.file) else { return nil }
            let modelBytes = Array(bytes.prefix(stored.entry.modelLength))
            guard let tutorial = try? Tutorial(spooled: modelBytes), tutorial.source == source else { return nil }
            let page = bytes.withUnsafeBytes { bytes in
                StoredPageModel.page(UnsafeRawBufferPointer(rebasing: bytes[stored.entry.modelLength...]), source: source)
            }
            return page.map { StoredPageModel(tutorial: tutorial, verifications: $0.verifications, stableSectionIDs: $0.stableSectionIDs) }
        }
    }

    /// Records the models of the pages a build rendered from its documents: `records` by file path,
    /// with the dependency key of every page of the build (`current`, by file path). Rewrites every
    /// bucket when `everyBucket` (a build that read every document), else only those of `records`,
    /// keeping their other entries that are still current.
    func save(setupKey: String, records: [String: (dependencyKey: String, record: Record)], current: [String: String], everyBucket: Bool) {
        var grouped = [Int: [String]]()
        if everyBucket {
            for bucket in 0..<SiteCache.buckets { grouped[bucket] = [] }
        }
        for path in records.keys { grouped[SiteCache.bucket(of: path), default: []].append(path) }
        guard !grouped.isEmpty else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = grouped.sorted { $0.key < $1.key }.concurrentMap { bucket, paths in
            let url = url(ofBucket: bucket)
            var entries: [(path: String, dependencyKey: String, modelLength: Int, bytes: [UInt8])] = []
            for path in paths {
                guard let (dependencyKey, record) = records[path], let model = record.model.bytes else { continue }
                entries.append((path, dependencyKey, model.count, model + record.page))
            }
            if !everyBucket, let old = Self.table(url, setupKey: setupKey) {
                let written = Set(paths)
                for (path, entry) in old where !written.contains(path) && current[path] == entry.dependencyKey {
                    if let bytes = Self.bytes(entry, in: url) { entries.append((path, entry.dependencyKey, entry.modelLength, bytes)) }
                }
            }
            entries.sort { $0.path < $1.path }
            var table: [UInt8] = []
            LEB128.append(string: setupKey, to: &table)
            LEB128.append(UInt64(entries.count), to: &table)
            for entry in entries {
                LEB128.append(string: entry.path, to: &table)
                LEB128.append(string: entry.dependencyKey, to: &table)
                LEB128.append(UInt64(entry.modelLength), to: &table)
                LEB128.append(UInt64(entry.bytes.count - entry.modelLength), to: &table)
                LEB128.append(entry.bytes.withUnsafeBytes(CacheFile.checksum), to: &table)
            }
            var header = Self.magic + [Self.formatVersion]
            withUnsafeBytes(of: UInt64(table.count).littleEndian) { header += $0 }
            withUnsafeBytes(of: table.withUnsafeBytes(CacheFile.checksum).littleEndian) { header += $0 }
            header += table
            var body: [UInt8] = []
            body.reserveCapacity(entries.reduce(0) { $0 + $1.bytes.count })
            for entry in entries { body += entry.bytes }
            body.withUnsafeBytes { body in _ = try? AtomicFile.replace(url, header: header, body: body) }
        }
    }

    /// The entries of the bucket file at `url` by path; nil when it is missing, its table damaged,
    /// its length not the table's, or it has another setup key.
    static func table(_ url: URL, setupKey: String) -> [String: Entry]? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var stats = stat()
        guard fstat(descriptor, &stats) == 0, let head = read(descriptor, at: 0, count: headerSize),
              head.prefix(magic.count).elementsEqual(magic), head[magic.count] == formatVersion else { return nil }
        let (length, checksum) = head.withUnsafeBytes { bytes in
            (Int(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: magic.count + 1, as: UInt64.self))),
             UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: magic.count + 9, as: UInt64.self)))
        }
        guard length >= 0, length <= Int(stats.st_size) - headerSize, let table = read(descriptor, at: headerSize, count: length),
              table.withUnsafeBytes(CacheFile.checksum) == checksum else { return nil }
        return table.withUnsafeBytes { table -> [String: Entry]? in
            var offset = 0
            func string() -> String? {
                LEB128.stringBytes(table, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: table[$0]), as: UTF8.self) }
            }
            func number() -> Int? { LEB128.read(table, at: &offset).flatMap { $0 <= UInt64(Int.max) ? Int($0) : nil } }
            guard string() == setupKey, let count = number(), count <= table.count else { return nil }
            var entries = [String: Entry](minimumCapacity: count)
            var start = headerSize + length
            for _ in 0..<count {
                guard let path = string(), let dependencyKey = string(), let model = number(), let page = number(),
                      let sum = LEB128.read(table, at: &offset), model <= Int(stats.st_size), page <= Int(stats.st_size) else { return nil }
                entries[path] = Entry(dependencyKey: dependencyKey, offset: start, modelLength: model, pageLength: page, checksum: sum)
                start += model + page
            }
            // Every entry's bytes are there, and nothing more.
            return offset == table.count && start == Int(stats.st_size) ? entries : nil
        }
    }

    /// Whether the bytes of every entry of `entries` in the bucket file at `url` are the ones stored.
    private static func intact(_ entries: [Entry], in url: URL) -> Bool {
        guard let first = entries.map(\.range.lowerBound).min(), let last = entries.map(\.range.upperBound).max() else { return true }
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard let bytes = read(descriptor, at: first, count: last - first) else { return false }
        return bytes.withUnsafeBytes { bytes in
            entries.allSatisfy { entry in
                CacheFile.checksum(UnsafeRawBufferPointer(rebasing: bytes[(entry.range.lowerBound - first)..<(entry.range.upperBound - first)])) == entry.checksum
            }
        }
    }

    /// The bytes of `entry` in the bucket file at `url`; nil when they cannot be read or are not the ones stored.
    static func bytes(_ entry: Entry, in url: URL) -> [UInt8]? {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let bytes = read(descriptor, at: entry.offset, count: entry.range.count),
              bytes.withUnsafeBytes(CacheFile.checksum) == entry.checksum else { return nil }
        return bytes
    }

    /// `count` bytes at `offset` of the file open as `descriptor`; nil when they cannot all be read.
    private static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let moved = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if moved < 0, errno == EINTR { continue }
            guard moved > 0 else { return nil }
            done += moved
        }
        return bytes
    }

    private func url(ofBucket bucket: Int) -> URL {
        folder.appendingPathComponent(String(format: "models-%02d.bin", bucket))
    }
}

/// A page's model as `SiteModelStore` keeps it: what its page is rendered from besides the templates
/// and the site's plan.
struct StoredPageModel {
    var tutorial: Tutorial
    var verifications: [SampleKey: SampleVerification]
    var stableSectionIDs: [Int: String]

    /// The verification of each sample of `model` (each sample id once, in the model's order; a sample
    /// nothing verified has none) and `stableSectionIDs` (by section index, ascending), as bytes.
    static func pageBytes(_ model: PageModel, stableSectionIDs: [Int: String]) -> [UInt8] {
        var bytes: [UInt8] = []
        LEB128.append(UInt64(stableSectionIDs.count), to: &bytes)
        for (section, id) in stableSectionIDs.sorted(by: { $0.key < $1.key }) {
            LEB128.append(signed: Int64(section), to: &bytes)
            LEB128.append(string: id, to: &bytes)
        }
        var seen = Set<String>()
        var verified: [(String, SampleVerification)] = []
        for sample in model.tutorial.allCode where seen.insert(sample.id).inserted {
            if let verification = model.verifications.verification(for: SampleKey(source: model.tutorial.source, sample: sample.id)) {
                verified.append((sample.id, verification))
            }
        }
        LEB128.append(UInt64(verified.count), to: &bytes)
        func dictionary(_ values: [String: String]) {
            LEB128.append(UInt64(values.count), to: &bytes)
            for (key, value) in values.sorted(by: { $0.key < $1.key }) {
                LEB128.append(string: key, to: &bytes)
                LEB128.append(string: value, to: &bytes)
            }
        }
        for (sample, verification) in verified {
            LEB128.append(string: sample, to: &bytes)
            LEB128.append(string: verification.status.rawValue, to: &bytes)
            LEB128.append(string: verification.note, to: &bytes)
            if let message = verification.message {
                bytes.append(1)
                LEB128.append(string: message.key, to: &bytes)
                dictionary(message.values)
                dictionary(message.phrases)
            } else {
                bytes.append(0)
            }
            LEB128.append(UInt64(verification.diff.count), to: &bytes)
            for line in verification.diff {
                LEB128.append(string: line.kind.rawValue, to: &bytes)
                LEB128.append(string: line.text, to: &bytes)
            }
            if let replacement = verification.replacementText {
                bytes.append(1)
                LEB128.append(string: replacement, to: &bytes)
            } else {
                bytes.append(0)
            }
        }
        return bytes
    }

    /// The verifications (keyed for the document `source`) and stable ids of `pageBytes`; nil when
    /// the bytes are not such, run short or run long.
    static func page(_ bytes: UnsafeRawBufferPointer, source: String) -> (verifications: [SampleKey: SampleVerification], stableSectionIDs: [Int: String])? {
        var offset = 0
        func count() -> Int? {
            guard let count = LEB128.read(bytes, at: &offset), count <= UInt64(bytes.count - offset) else { return nil }
            return Int(count)
        }
        func string() -> String? {
            LEB128.stringBytes(bytes, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }
        func flag() -> Bool? {
            guard offset < bytes.count, bytes[offset] <= 1 else { return nil }
            defer { offset += 1 }
            return bytes[offset] == 1
        }
        func dictionary() -> [String: String]? {
            guard let count = count() else { return nil }
            var values = [String: String](minimumCapacity: count)
            for _ in 0..<count {
                guard let key = string(), let value = string() else { return nil }
                values[key] = value
            }
            return values
        }
        guard let sections = count() else { return nil }
        var stable = [Int: String](minimumCapacity: sections)
        for _ in 0..<sections {
            guard let section = LEB128.read(bytes, at: &offset), let id = string() else { return nil }
            stable[Int(LEB128.signed(section))] = id
        }
        guard let samples = count() else { return nil }
        var verifications = [SampleKey: SampleVerification](minimumCapacity: samples)
        for _ in 0..<samples {
            guard let sample = string(), let status = string().flatMap(SampleVerification.Status.init(rawValue:)), let note = string(),
                  let hasMessage = flag() else { return nil }
            var message: NoteMessage?
            if hasMessage {
                guard let key = string(), let values = dictionary(), let phrases = dictionary() else { return nil }
                message = NoteMessage(key, values: values, phrases: phrases)
            }
            guard let lines = count() else { return nil }
            var diff: [DiffLine] = []
            diff.reserveCapacity(lines)
            for _ in 0..<lines {
                guard let kind = string().flatMap(DiffLine.Kind.init(rawValue:)), let text = string() else { return nil }
                diff.append(DiffLine(kind, text))
            }
            guard let hasReplacement = flag() else { return nil }
            var replacement: String?
            if hasReplacement {
                guard let text = string() else { return nil }
                replacement = text
            }
            verifications[SampleKey(source: source, sample: sample)] = SampleVerification(
                status: status, note: note, message: message, diff: diff, replacementText: replacement)
        }
        return offset == bytes.count ? (verifications, stable) : nil
    }
}

/// Keeps the model of every page a build renders from a read document, with its verifications and
/// stable ids, for `SiteModelStore` (see `SiteInput.recordPage`), by the document's `source`.
final class PageModelRecorder: Sendable {
    private let records = Mutex<[String: SiteModelStore.Record]>([:])
    /// Where the check set each model aside, by `source` (a cold build's): those bytes are kept, not
    /// the model encoded again.
    private let spooled: @Sendable (String) -> Spool.Spooled?
    /// The documents whose pages are rendered from their stored models: nothing new to keep.
    private let stored: Set<String>

    init(spooled: @escaping @Sendable (String) -> Spool.Spooled? = { _ in nil }, stored: Set<String> = []) {
        self.spooled = spooled
        self.stored = stored
    }

    func record(_ model: PageModel, stableSectionIDs: [Int: String]) {
        let source = model.tutorial.source
        guard !stored.contains(source) else { return }
        let bytes: SiteModelStore.ModelBytes = spooled(source).map { .spooled($0) } ?? .owned(model.tutorial.spooled())
        let record = SiteModelStore.Record(model: bytes, page: StoredPageModel.pageBytes(model, stableSectionIDs: stableSectionIDs))
        records.withLock { $0[source] = record }
    }

    /// Every record, by `source`.
    var all: [String: SiteModelStore.Record] { records.withLock { $0 } }
}

/// The models of an incremental build's pages when every page is rendered again (other templates):
/// a stored page model (`SiteModelStore.Loaded`) for each document not read, the model planned with
/// `verifications` for each read one. A stored model that can no longer be decoded stops the build.
struct StoredPageModels: PageModels {
    let stored: SiteModelStore.Loaded
    let verifications: any SampleVerificationProvider

    func model(of planned: Tutorial) throws -> PageModel {
        guard stored.models[planned.source] != nil else { return PageModel(tutorial: planned, verifications: verifications) }
        guard let model = stored.model(of: planned.source) else {
            // Its bytes were checked when the build began: the file changed since, or does not decode. The
            // next build does not try again.
            stored.forget()
            throw InputFailure(.error(
                "site-failed", at: SourceLocation(path: planned.source),
                "site: the stored model of \(planned.source) cannot be read (the site cache changed while the site was built, or is not this tool's); build again: every document will be read"))
        }
        return PageModel(tutorial: model.tutorial, verifications: model.verifications, stableSectionIDs: model.stableSectionIDs)
    }
}
