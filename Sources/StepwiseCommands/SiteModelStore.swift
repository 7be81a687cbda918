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
/// The entries are stored in `SiteCache.buckets` files by the hash of the document's path, each file
/// framed and checked (`CacheFile`) and tagged with the key of the site's setup (`SiteCache.setupKey`:
/// the tool, `stepwise.yml`, tables of contents and dates, not the templates), and an entry is used
/// only when its file has this build's setup key and the entry the document's current dependency
/// key: a damaged, stale or missing entry makes the build read everything, never a wrong page. A
/// build writes the buckets of the pages it rendered from a read document (a build that read every
/// document: all of them).
struct SiteModelStore {
    /// The site cache's folder (`SiteCache.folder`).
    let folder: URL

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

    /// One entry of a bucket file: where its model and page bytes lie in the file's payload.
    private struct Entry {
        var dependencyKey: String
        var model: Range<Int>
        var page: Range<Int>
    }

    /// The stored models of the documents `documents` (by file path: the dependency key each must
    /// have and its `source`), by `source`; nil when any of them has none (then every page is rendered
    /// from its document, read again).
    func load(_ documents: [String: (dependencyKey: String, source: String)], setupKey: String) -> Loaded? {
        var wanted = [Int: [String]]()
        for path in documents.keys { wanted[SiteCache.bucket(of: path), default: []].append(path) }
        let buckets = wanted.sorted { $0.key < $1.key }
        let found = buckets.concurrentMap { bucket, paths -> [(source: String, model: Loaded.Model)]? in
            guard let file = Self.read(url(ofBucket: bucket), setupKey: setupKey) else { return nil }
            var models: [(source: String, model: Loaded.Model)] = []
            for path in paths {
                guard let document = documents[path], let entry = file.entries[path], entry.dependencyKey == document.dependencyKey else { return nil }
                models.append((document.source, Loaded.Model(file: file.data, payload: file.payload, model: entry.model, page: entry.page)))
            }
            return models
        }
        var models = [String: Loaded.Model](minimumCapacity: documents.count)
        for bucket in found {
            guard let bucket else { return nil }
            for (source, model) in bucket { models[source] = model }
        }
        return Loaded(models: models)
    }

    /// The models a build loaded (`load`), each decoded when its page is rendered.
    struct Loaded: Sendable {
        struct Model: @unchecked Sendable {
            /// The bucket file, mapped, and where its payload starts in it.
            let file: Data
            let payload: Int
            let model: Range<Int>
            let page: Range<Int>
        }

        let models: [String: Model]

        var sources: Set<String> { Set(models.keys) }

        /// The stored model of the document `source`; nil when it has none, or its bytes do not decode.
        func model(of source: String) -> StoredPageModel? {
            guard let stored = models[source] else { return nil }
            return stored.file.withUnsafeBytes { file -> StoredPageModel? in
                let payload = UnsafeRawBufferPointer(rebasing: file[stored.payload...])
                let modelBytes = [UInt8](UnsafeRawBufferPointer(rebasing: payload[stored.model]))
                guard let tutorial = try? Tutorial(spooled: modelBytes), tutorial.source == source,
                      let page = StoredPageModel.page(UnsafeRawBufferPointer(rebasing: payload[stored.page]), source: source) else { return nil }
                return StoredPageModel(tutorial: tutorial, verifications: page.verifications, stableSectionIDs: page.stableSectionIDs)
            }
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
            var entries: [(path: String, dependencyKey: String, model: [UInt8], page: [UInt8])] = []
            for path in paths {
                guard let (dependencyKey, record) = records[path], let model = record.model.bytes else { continue }
                entries.append((path, dependencyKey, model, record.page))
            }
            if !everyBucket, let old = Self.read(url, setupKey: setupKey) {
                let written = Set(paths)
                old.data.withUnsafeBytes { file in
                    let payload = UnsafeRawBufferPointer(rebasing: file[old.payload...])
                    for (path, entry) in old.entries where !written.contains(path) && current[path] == entry.dependencyKey {
                        entries.append((path, entry.dependencyKey, [UInt8](UnsafeRawBufferPointer(rebasing: payload[entry.model])),
                                        [UInt8](UnsafeRawBufferPointer(rebasing: payload[entry.page]))))
                    }
                }
            }
            entries.sort { $0.path < $1.path }
            var payload: [UInt8] = []
            payload.reserveCapacity(entries.reduce(64) { $0 + $1.path.utf8.count + $1.model.count + $1.page.count + 96 })
            LEB128.append(string: setupKey, to: &payload)
            LEB128.append(UInt64(entries.count), to: &payload)
            for entry in entries {
                LEB128.append(string: entry.path, to: &payload)
                LEB128.append(string: entry.dependencyKey, to: &payload)
                LEB128.append(UInt64(entry.model.count), to: &payload)
                payload += entry.model
                LEB128.append(UInt64(entry.page.count), to: &payload)
                payload += entry.page
            }
            try? CacheFile.write(payload: payload, to: url)
        }
    }

    /// A bucket file read: its bytes (mapped), where its payload starts, and its entries by path; nil
    /// when it is missing, damaged, or of another setup key.
    private static func read(_ url: URL, setupKey: String) -> (data: Data, payload: Int, entries: [String: Entry])? {
        guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
        let entries = data.withUnsafeBytes { file -> [String: Entry]? in
            guard let payload = CacheFile.payload(of: file) else { return nil }
            var offset = 0
            func string() -> String? {
                LEB128.stringBytes(payload, at: &offset).map { String(decoding: UnsafeRawBufferPointer(rebasing: payload[$0]), as: UTF8.self) }
            }
            func bytes() -> Range<Int>? { LEB128.stringBytes(payload, at: &offset) }
            guard string() == setupKey, let count = LEB128.read(payload, at: &offset), count <= UInt64(payload.count) else { return nil }
            var entries = [String: Entry](minimumCapacity: Int(count))
            for _ in 0..<count {
                guard let path = string(), let dependencyKey = string(), let model = bytes(), let page = bytes() else { return nil }
                entries[path] = Entry(dependencyKey: dependencyKey, model: model, page: page)
            }
            return offset == payload.count ? entries : nil
        }
        return entries.map { (data, CacheFile.headerSize, $0) }
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
            throw InputFailure(.error(
                "site-failed", at: SourceLocation(path: planned.source),
                "site: the stored model of \(planned.source) cannot be read; build again (or delete .stepwise/cache)"))
        }
        return PageModel(tutorial: model.tutorial, verifications: model.verifications, stableSectionIDs: model.stableSectionIDs)
    }
}
