import DocFXDialect
import Foundation
import Localization
import TutorialModel
import StepwiseDiagnostics
import StepwiseWorkspace
#if canImport(Glibc)
import Glibc
#endif

/// The check's cache, `.stepwise/cache/check/` (safe to delete): every document's share of the
/// report with the content hashes of the files it was computed from — the document, its includes, its
/// source and the source's includes, and the source-locale counterparts of its translated includes. A later check re-reads and re-checks only the documents whose
/// files changed, and merges their fresh shares with the stored ones: the report is exactly that of a
/// full run. Anything that could change how documents pair or are read invalidates everything: the
/// tool, the configuration, the options, the set of documents, any document's `ms.assetid`.
///
/// The shares are stored in `buckets` files by a hash of the document's path, read on all cores; a run
/// rewrites only the buckets of the documents it re-checked. Every file is written to a temporary file
/// and renamed, so a killed run leaves each file old or new, never torn; and a stored share is used only
/// when every file it was computed from still has the same content hash, so a mix of old and new
/// buckets is never wrong.
struct CheckCache {
    var folder: URL
    /// Identity of everything besides the documents that the report depends on.
    var key: String
    /// The run's listing (see `RunRecord.Listing`): a file it stamped is not stat-ed again to
    /// decide what changed.
    var listing: RunRecord.Listing?
    /// False for a run without the cache (`--no-cache`) that checks a batch at a time all the same:
    /// nothing stored is read, and nothing is written.
    var persists = true
    /// Where the run's cache files are written while it reports (nil: before the check returns).
    var writes: BackgroundWrites?
    static let buckets = 256

    init(root: URL, key: String, listing: RunRecord.Listing? = nil, persists: Bool = true) {
        folder = root.appendingPathComponent(".stepwise/cache/check", isDirectory: true)
        self.key = key
        self.listing = listing
        self.persists = persists
    }

    /// What tells this tool build from another, for what a cache keeps: its version and the size and
    /// time of its executable (another build of the same version is another file).
    static let tool: [String] = {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        return ["stepwise \(Stepwise.configuration.version)", FileStamp.read(executable)?.identity ?? "unknown tool"]
    }()

    /// The key of a run: the tool build, `stepwise.yml` and the options that change the report.
    static func key(configuration: URL, options: [String]) -> String {
        let parts = tool + [(try? Data(contentsOf: configuration)).map(ContentHash.hex) ?? "no configuration"] + options
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }

    /// What a run did: every document's share of the report, how many documents were checked afresh
    /// and how many reused, and each document's dependency key (a hash of the content hashes of every
    /// file its share read). The stored shares stay bytes until the report is asked for (`report()`),
    /// or only their links (`linksReport()`).
    struct Outcome {
        /// Every document's share, in merge order (by file path).
        var shares: [Entry]
        /// The findings of the run not about any document's files.
        var run: [Finding]
        /// The alignments of the documents checked now (stored shares keep only their counts).
        var alignments: [TutorialAlignment]
        var checked: Int
        var reused: Int
        var dependencyKeys: [String: String]
        /// A fingerprint of what the report was merged from: every document's share (its stored bytes)
        /// in merge order and the run's own findings. Equal fingerprints, equal findings and sources.
        var shareFingerprint: String
        /// The documents read: those checked afresh (reported) and their sources.
        var workspace: Workspace
        /// Every document of the run, read or not.
        var found: [URL]
        /// Every file some share was computed from, with its stamp as read, and those found absent.
        var inputs = ReadFiles()
    }

    /// Checks the documents under `paths`, re-checking only what changed since the stored run, and
    /// those `recheck` names given their stored dependency key (a build: the documents whose page
    /// must be rendered again). Only the documents re-checked, and their sources, are read.
    func check(_ paths: [String], loader: WorkspaceLoader, recheck: (@Sendable (URL, String) -> Bool)? = nil) throws -> Outcome {
        let stored = load()
        let plan = Plan(files: Self.markdownFiles(under: paths.map(loader.url), in: listing?.tree), listing: listing)
        var loader = loader
        // A source that is not read is paired by the asset id its model had when its share was stored.
        loader.knownAssetID = { path in plan.kept[path].flatMap(\.header).map(\.assetID) }
        loader.readObserver = readObserver(plan)
        let workspace = loader.load(paths, withSources: true, selecting: { found in
            plan.found = found
            var changed = plan.decide(found, stored: stored, key: key)
            if let recheck { changed += plan.recheck(recheck) }
            return found.filter(Set(changed).contains)
        })
        return try complete(workspace, plan: plan, stored: stored)
    }

    /// What stamps the files the documents of a run are read from, as they are read (`plan`'s stamps);
    /// nil for a cache that keeps nothing (it stamps nothing).
    func readObserver(_ plan: Plan) -> (any FileReadObserver)? {
        persists ? plan.stamps : nil
    }

    /// The report of the documents under `paths` through the cache (`stepwise check`), and each
    /// document's dependency key by the name its links go by (see `Outcome.linkDependencyKeys`). A
    /// stored share that cannot be decoded (a file made by hand: every file is checksummed, and another
    /// tool build has another key) is not used: the cache is deleted and every document checked again.
    /// With `links` (the link check, given every document's links, their dependency keys and what gives
    /// back the links of a document read without them), the report's links are those of the documents
    /// checked now; the others' anchors only (see `Outcome.parts(omittingLinks:)`). Without
    /// `keepsAlignments`, the report has none (what `stepwise check` prints reads none of them).
    func report(
        _ paths: [String], loader: WorkspaceLoader, keepsAlignments: Bool = true,
        links: (@Sendable (_ links: [DocumentLinks], _ linkKeys: [String: String], _ restore: @escaping LinkRestorer) -> [Finding])? = nil
    ) throws -> (report: CheckReport, linkKeys: [String: String], inputs: ReadFiles) {
        func run() throws -> (report: CheckReport, linkKeys: [String: String], inputs: ReadFiles) {
            var outcome = try check(inBatches: paths, loader: loader, omittingLinks: links != nil, keepsAlignments: keepsAlignments)
            // The stored documents' links are left out when most documents were reused (an edit): the
            // link check reads back those of the few it checks again. A run that checked most afresh
            // checks most links again too (a new document changes every link's site): they are read at once,
            // and each share let go once decoded (nothing reads it again).
            let omitting = links != nil && (outcome.reused > outcome.checked || outcome.shares.contains(where: \.linksOmitted))
            let parts = try omitting ? outcome.parts(omittingLinks: true) : outcome.takeParts()
            let linkKeys = outcome.linkDependencyKeys(parts)
            var report: CheckReport
            if let links {
                // The link check needs only the links: it runs beside the merge of the findings.
                let restore = omitting ? outcome.linkRestorer(parts) : CheckCache.Outcome.keepsLinks
                var (merged, found) = Concurrently.run({ [outcome] in outcome.report(parts) }, { links(CheckReport.mergedLinks(parts), linkKeys, restore) })
                // Added in place: the merged findings of a corpus are not copied.
                merged.add(found)
                report = merged
            } else {
                report = outcome.report(parts)
            }
            let inputs = outcome.inputs
            // Nothing reads the workspace and the shares again: the check reports and ends (see `Concurrently.discard`).
            Concurrently.discard(consume outcome)
            Concurrently.discard(consume parts)
            return (report, linkKeys, inputs)
        }
        do {
            return try run()
        } catch is DecodingError {
            try? FileManager.default.removeItem(at: folder)
            return try run()
        }
    }

    /// Checks a workspace loaded whole (a build needs every model): only the documents whose files
    /// changed, and those `recheck` names given their stored dependency key, are checked afresh.
    func check(_ workspace: Workspace, paths: [URL], recheck: (URL, String) -> Bool) throws -> Outcome {
        let stored = load()
        let plan = Plan(files: Self.markdownFiles(under: paths, in: listing?.tree), listing: listing)
        let found = workspace.reported.map(\.url)
        plan.found = found
        let changed = Set(plan.decide(found, stored: stored, key: key) + plan.recheck(recheck))
        var partial = workspace
        partial.documents = workspace.documents.map { document in
            var document = document
            document.isReported = document.isReported && changed.contains(document.url)
            return document
        }
        return try complete(partial, plan: plan, stored: stored)
    }

    /// Checks `workspace` (its reported documents afresh) and completes the run with the shares kept.
    private func complete(_ workspace: Workspace, plan: Plan, stored: Stored?) throws -> Outcome {
        try complete([batch(workspace, plan: plan)], workspace: workspace, plan: plan, stored: stored)
    }

    /// What checking one workspace adds to a run: each reported document's entry, the files their
    /// shares own, the findings about no document's files, and the alignments by document file.
    struct Batch {
        var entries: [(path: String, entry: Entry)] = []
        var owned = Set<String>()
        var unowned: [Finding] = []
        var alignments: [(path: String, alignment: TutorialAlignment)] = []
    }

    /// Checks the reported documents of `workspace` afresh and makes each one's entry (on all cores);
    /// without `keepsParts`, an entry keeps its share as bytes only (decoded again for the report).
    /// Without `keepsAlignments`, the batch holds no alignment: each share keeps its counts and each
    /// translation's source (`CheckReport.sampleCounts`, `sources`), all a report prints of them, so
    /// that a run need not hold every document's alignments to its end (a corpus's: 35 MB). With
    /// `spool`, an entry that keeps its share as bytes only keeps them there (`CachedValue.spooled(in:)`):
    /// a run of many batches then holds none of their shares' bytes (a corpus's: 110 MB).
    func batch(_ workspace: Workspace, plan: Plan, keepsParts: Bool = true, keepsAlignments: Bool = true, spool: Spool? = nil) throws -> Batch {
        let fresh = try WorkspaceCheck(workspace: workspace).run()
        let sourceOf = Dictionary(fresh.alignments.map { ($0.target.path, $0.source.path) }, uniquingKeysWith: { first, _ in first })
        let byName = Dictionary(workspace.documents.map { ($0.tutorial?.source ?? $0.id.path, $0) }, uniquingKeysWith: { first, _ in first })
        let reported = workspace.reported
        let files = reported.map(\.filePaths)
        let shares = zip(reported, files).map { document, files in
            CheckReport.Share(document: document.tutorial?.source ?? document.id.path, files: Set(files.map(\.path)), counted: document.tutorial != nil)
        }
        // Each document's entry (its dependencies' stamps, its share encoded) on all cores; stored in order.
        let parts = fresh.parts(shares)
        let (sourceLocale, root, stamper) = (workspace.sourceLocale, workspace.root, plan.stamps)
        let made = Array(parts.indices).concurrentMap { index -> Result<Entry, any Error> in
            let document = reported[index]
            let source = sourceOf[shares[index].document].flatMap { byName[$0] }
            let counterparts = WorkspaceCheck.includeCounterparts(of: document, sourceLocale: sourceLocale).map(\.url)
            let dependencies = Set(files[index].compactMap(\.url) + [document.url] + document.mediaURLs(root: root) + counterparts
                + (source.map { $0.filePaths.compactMap(\.url) + [$0.url] } ?? []))
            return Result {
                try Entry(
                    // A run that keeps nothing stamps nothing (the stamps hash every file read).
                    dependencies: persists ? Dictionary(dependencies.map { (StandardPath.standardized(path: $0.path), stamper.stamp($0)?.hash ?? "") },
                                                        uniquingKeysWith: { a, _ in a }) : [:],
                    part: parts[index].withoutAlignments, header: document.tutorial.map { Header(assetID: $0.metadata.assetID) })
            }
        }
        var batch = Batch()
        for (index, entry) in made.enumerated() {
            batch.owned.formUnion(shares[index].files)
            var entry = try entry.get()
            if !keepsParts {
                entry.part = nil
                if let spool { entry.share = entry.share.spooled(in: spool) }
            }
            batch.entries.append((reported[index].url.path, entry))
        }
        batch.unowned = fresh.findings.filter { $0.document == nil && !batch.owned.contains($0.path) }
        let fileOf = Dictionary(zip(shares.map(\.document), reported.map(\.url.path)), uniquingKeysWith: { first, _ in first })
        if keepsAlignments { batch.alignments = fresh.alignments.map { (fileOf[$0.target.path] ?? $0.target.path, $0) } }
        return batch
    }

    /// The run's outcome from the `batches` checked (in the order checked) and the shares kept: the
    /// same whether the documents were checked in one batch or many.
    func complete(_ batches: [Batch], workspace: Workspace, plan: Plan, stored: Stored?) throws -> Outcome {
        var entries = plan.kept
        var owned = Set<String>()
        for batch in batches {
            for (path, entry) in batch.entries { entries[path] = entry }
            owned.formUnion(batch.owned)
        }
        let checked = batches.flatMap { $0.entries.map(\.path) }
        // The paths sorted, not the entries: an entry is a large value, moved at every step of a sort.
        let paths = entries.keys.sorted()
        var merged = paths.map { entries[$0]! }
        let run = batches.flatMap(\.unowned).filter { !owned.contains($0.path) }
        // One batch keeps the check's order (by document file); several are put in that order.
        let alignments = batches.count == 1 ? batches[0].alignments : batches.flatMap(\.alignments).sorted { $0.path < $1.path }
        let shareFingerprint = try Self.fingerprint(of: merged, run: run)
        let (stamps, absent) = (plan.stamps.all, plan.stamps.absentFiles)
        let saved: @Sendable () -> Void
        if persists && (!checked.isEmpty || stored?.index.files != stamps || stored?.index.absent != absent) {
            let rewritten = plan.kept.count == plan.documentCount ? Set<Int>() : plan.kept.isEmpty ? Set(0..<Self.buckets)
                : Set(checked.map(Self.bucket(of:)))
            // The buckets written now get a new generation; the others keep theirs (see `Index.generations`).
            let generation = UUID().uuidString
            let kept = stored?.index.generations ?? []
            let generations = (0..<Self.buckets).map { rewritten.contains($0) ? generation : kept.indices.contains($0) ? kept[$0] : "" }
            let index = Index(key: key, documents: plan.documents, assets: plan.assets, files: stamps, absent: absent, generations: generations)
            saved = { [self, entries] in save(index, entries: entries, buckets: rewritten) }
        } else {
            saved = {}
        }
        // Every file stamped: each dependency of every share (kept shares' were stamped to be kept,
        // fresh ones' when made), and perhaps a few no share reads any more (a changed share's, stamped
        // before it was found changed): a change to one of those only keeps the run from being replayed.
        // Gathered while the cache is saved on another thread.
        var inputs = ReadFiles()
        if let writes {
            writes.start(saved)
            if persists { inputs = plan.stamps.everyFile }
        } else {
            Concurrently.overlap(saved, while: { if persists { inputs = plan.stamps.everyFile } })
        }
        plan.takeDecoded(into: &merged, paths: paths)
        return Outcome(shares: merged, run: run, alignments: alignments.map(\.alignment), checked: checked.count, reused: plan.kept.count,
                       dependencyKeys: entries.mapValues(\.dependencyKey), shareFingerprint: shareFingerprint, workspace: workspace, found: plan.found,
                       inputs: inputs)
    }

    /// The fingerprint of the shares `entries` (in merge order) and the run's own findings `run`.
    static func fingerprint(of entries: [Entry], run: [Finding]) throws -> String {
        let lines = entries.map(\.fingerprint) + [try CacheEncoder.encode(run).withUnsafeBytes { String(CacheFile.checksum($0), radix: 16) }]
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// Every Markdown file under `paths`, includes too (a new include may resolve a missing one).
    static func markdownFiles(under paths: [URL], in tree: FolderTree? = nil) -> [String] {
        var files: [String] = []
        for path in paths {
            FolderWalk.walk(path.standardizedFileURL.path, in: tree) { entry in
                if FolderWalk.hasExtension(entry.name, "md") { files.append(entry.path) }
                return true
            }
        }
        return files.sorted()
    }

    // MARK: Storage

    struct Entry: Codable, Sendable {
        /// Every file the share was computed from, with its content hash.
        var dependencies: Dependencies
        /// One hash of every dependency: equal exactly when no file the share read changed. Made
        /// once, when the share is checked, and stored (every run asks for every entry's).
        let dependencyKey: String
        /// The share as stored: its bytes, encoded once (when it is checked).
        var share: CachedValue<CheckReport>
        /// What the merged report takes from the share (see `fingerprint(of:findings:)`).
        var fingerprint: String
        /// What pairing reads of the document's header (nil: it has no model).
        var header: Header?
        /// The share decoded (not stored: read from `share` when the entry is loaded); nil in an
        /// entry just decoded, or whose share cannot be read.
        var part: CheckReport?
        /// True when `part` was decoded from `share` without its documents' links (see
        /// `Outcome.parts(omittingLinks:)`).
        var linksOmitted = false

        enum CodingKeys: String, CodingKey {
            case dependencies, dependencyKey, share, fingerprint, header
        }

        init(dependencies: [String: String], part: CheckReport, header: Header?) throws {
            self.dependencies = Dependencies(dependencies)
            dependencyKey = self.dependencies.key
            share = try CachedValue(part)
            // The findings' bytes in the share, or (should the share's layout ever change) encoded on
            // their own: never no findings, which would make every share's findings look alike.
            let findings = try share.bytes(forKey: "findings") ?? ArraySlice(CacheEncoder.encode(part.findings))
            fingerprint = Self.fingerprint(of: part, findings: findings)
            self.header = header
            self.part = part
        }

        /// A fingerprint of what merging takes from `part` for the findings and sources of the report:
        /// its findings (`findings`: their bytes in the share, an array in report order), the files it
        /// checked (which tell whose findings about a shared file are kept) and its sources, sorted.
        /// Equal shares, equal fingerprints, whatever the order of their sets and dictionaries.
        static func fingerprint(of part: CheckReport, findings: ArraySlice<UInt8>) -> String {
            let lines = part.checkedFiles.sorted() + ["\u{1}"] + part.sources.map { "\($0.key)\t\($0.value)" }.sorted()
            let text = Array(lines.joined(separator: "\n").utf8)
            let hashes = [findings.withUnsafeBytes { CacheFile.checksum($0) }, text.withUnsafeBytes { CacheFile.checksum($0) }]
            return hashes.map { String($0, radix: 16) }.joined(separator: "-")
        }

    }

    /// The files a share was computed from, by standard path, each with its content hash ("" for a
    /// file that was absent), sorted by path. Stored as one array (path, hash, path, hash…) and searched
    /// by bisection: loading the entries of thousands of documents hashes none of their paths.
    struct Dependencies: Codable, Sendable, Equatable {
        private(set) var paths: [String]
        private(set) var hashes: [String]

        init(_ hashes: [String: String]) {
            let sorted = hashes.sorted { $0.key < $1.key }
            paths = sorted.map(\.key)
            self.hashes = sorted.map(\.value)
        }

        /// Dependencies from their stored array; throws unless it pairs paths, strictly ascending, with hashes.
        init(flat fields: [String]) throws {
            guard fields.count % 2 == 0 else { throw CacheByteReader.damaged }
            paths = stride(from: 0, to: fields.count, by: 2).map { fields[$0] }
            hashes = stride(from: 1, to: fields.count, by: 2).map { fields[$0] }
            guard zip(paths, paths.dropFirst()).allSatisfy({ $0 < $1 }) else { throw CacheByteReader.damaged }
        }

        var flat: [String] {
            zip(paths, hashes).flatMap { [$0, $1] }
        }

        /// The hash recorded for the standard `path`; nil when the share did not read it.
        func hash(of path: String) -> String? {
            var (low, high) = (0, paths.count)
            while low < high {
                let middle = (low + high) / 2
                if paths[middle] < path { low = middle + 1 } else { high = middle }
            }
            return low < paths.count && paths[low] == path ? hashes[low] : nil
        }

        /// Whether some file of `files` is a dependency: each of `files` looked for by bisection when
        /// they are fewer, else each dependency in `files`.
        func readsAny(of files: Set<String>) -> Bool {
            files.count <= paths.count ? files.contains { hash(of: $0) != nil } : paths.contains(where: files.contains)
        }

        /// One hash of every dependency: equal exactly when no file the share read changed.
        var key: String {
            ContentHash.hex(Data(zip(paths, hashes).map { "\($0)\t\($1)" }.joined(separator: "\n").utf8))
        }

        init(from decoder: any Decoder) throws {
            try self.init(flat: decoder.singleValueContainer().decode([String].self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(flat)
        }
    }

    /// What pairing reads of a document: its `ms.assetid` as its model has it.
    struct Header: Codable, Sendable {
        var assetID: String?
    }

    /// What every share depends on besides its own files.
    struct Index: Codable {
        static let version = 10
        var version = Index.version
        var key: String
        var documents: [String]
        /// Fingerprint of every document's `ms.assetid`: how translations pair with their sources.
        var assets: String
        /// Every file the run stamped, by standard path: each dependency of every share is here or in
        /// `absent`. The next run stamps them all again (`Stamps.restamp`), so a file no share reads any
        /// more stays until a run checks every document again (a change to it changes no share).
        var files: [String: FileStamp]
        /// Every file the run found absent.
        var absent: Set<String>
        /// The generation each bucket was written with, by bucket ("" for none): a bucket of another
        /// generation (written by a run killed before it wrote its index) is not used, so that every
        /// share used was stamped with this index's files.
        var generations: [String]
    }

    /// One bucket of shares, with the key and the generation it was written under.
    struct Bucket: Codable {
        var version = Index.version
        var key: String
        var generation: String
        var entries: [String: Entry]
    }

    /// The stored run.
    struct Stored {
        var index: Index
        var entries: [String: Entry]
    }

    static func bucket(of path: String) -> Int {
        Int(ContentHash.fnv1a(path.utf8) % UInt64(buckets))
    }

    private func url(ofBucket bucket: Int) -> URL {
        folder.appendingPathComponent(String(format: "shares-%02d.bin", bucket))
    }

    /// The stored run, nil when there is none or it cannot be read; a bucket that cannot be read or
    /// was written under another key or generation is left out (its documents are checked again).
    func load() -> Stored? {
        guard persists else { return nil }
        // The index is read on this thread while the buckets are read on the others (a bucket's
        // generation is compared with the index's once both are read).
        let key = key
        let (index, buckets) = Concurrently.run({
            CacheFile.read(Index.self, from: folder.appendingPathComponent("index.bin"))
        }, {
            Array(0..<Self.buckets).concurrentMap { bucket -> Bucket? in
                guard let stored = CacheFile.read(Bucket.self, from: url(ofBucket: bucket)), stored.version == Index.version, stored.key == key,
                      !stored.generation.isEmpty else { return nil }
                return stored
            }
        })
        guard let index, index.version == Index.version, index.key == key, index.generations.count == Self.buckets else { return nil }
        let current = buckets.enumerated().compactMap { bucket, stored in stored?.generation == index.generations[bucket] ? stored : nil }
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(current.reduce(0) { $0 + $1.entries.count })
        for bucket in current { entries.merge(bucket.entries) { first, _ in first } }
        return Stored(index: index, entries: entries)
    }

    /// Writes the index and the `buckets` given (each to a temporary file, then renamed).
    private func save(_ index: Index, entries: [String: Entry], buckets: Set<Int>) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Only the entries of the buckets written are grouped (after one edit, a few of thousands):
        // an entry is a large value, and every copy of one touches each string and array it holds.
        var grouped = [Int: [String: Entry]](minimumCapacity: buckets.count)
        for bucket in buckets { grouped[bucket] = [:] }
        for (path, entry) in entries {
            let bucket = Self.bucket(of: path)
            grouped[bucket]?[path] = entry
        }
        let (key, written) = (key, consume grouped)
        _ = buckets.sorted().concurrentMap { bucket in
            try? CacheFile.write(Bucket(key: key, generation: index.generations[bucket], entries: written[bucket] ?? [:]), to: url(ofBucket: bucket))
        }
        try? CacheFile.write(index, to: folder.appendingPathComponent("index.bin"))
    }

    // MARK: Deciding what to re-check

    /// The decision, made while the workspace discovers its documents.
    final class Plan: @unchecked Sendable {
        let stamps = Stamps()
        var kept: [String: Entry] = [:]
        /// Every Markdown file of the run.
        let documents: [String]
        /// How many documents the run found.
        var documentCount = 0
        var assets = ""

        /// Every document of the run.
        var found: [URL] = []
        /// The kept shares being decoded (see `decodeKept`), by path, in path order.
        private var decoding: (paths: [String], parts: EagerMap<CheckReport?>, linksOmitted: Bool)?

        init(files: [String], listing: RunRecord.Listing? = nil) {
            documents = files
            stamps.listing = listing
        }

        /// Starts decoding the kept shares on another thread (see `EagerMap`), for a run that reports
        /// every share (`stepwise check`): they are taken by `takeDecoded`. `omittingLinks`: without
        /// their documents' links (see `Outcome.parts(omittingLinks:)`). Nothing new is started when
        /// `decodeStored` started decoding every stored share already (with the same `omittingLinks`).
        func decodeKept(omittingLinks: Bool = false) {
            if let decoding, decoding.linksOmitted == omittingLinks { return }
            decode(kept, omittingLinks: omittingLinks)
        }

        /// Starts decoding every stored share on another thread before it is decided which are kept, for
        /// a run that reports every share and that its listing shows to be an edit (see
        /// `fewMarkdownFilesChanged`): the shares are decoded while the files are stamped and compared
        /// rather than after. `takeDecoded` gives a decoded share only to the document that keeps it.
        func decodeStored(_ stored: Stored, omittingLinks: Bool) {
            decode(stored.entries, omittingLinks: omittingLinks)
        }

        /// Starts decoding the shares of `entries`, in path order, on another thread.
        private func decode(_ entries: [String: Entry], omittingLinks: Bool) {
            let paths = entries.keys.sorted()
            decoding = (paths, paths.map { entries[$0]!.share }.eagerMap { omittingLinks ? $0.reportOmittingLinks : $0.value }, omittingLinks)
        }

        /// Lets go of the shares being decoded (once decoded), for a run that checks many documents again.
        func dropDecoding() {
            decoding = nil
        }

        /// Whether at most `limit` Markdown files of the run (documents and includes) are new or have
        /// another size or time in `listing` than in the stored run's `index`: a cheap sign of an edit,
        /// read before the stored files are stamped again (a changed image or code file is not seen).
        func fewMarkdownFilesChanged(listing: RunRecord.Listing, stored index: Index, limit: Int) -> Bool {
            var changed = 0
            for path in documents {
                if let now = listing.stamps[path], let then = index.files[path], now.sameIdentity(as: then) { continue }
                changed += 1
                if changed > limit { return false }
            }
            return true
        }

        /// Gives each of `entries` (their `paths`, sorted) the decoded share `decodeKept` or
        /// `decodeStored` made for it, if it is a share kept, once every one is decoded: a share that
        /// could not be decoded is left undecoded (the report then tries it again and fails).
        func takeDecoded(into entries: inout [Entry], paths: [String]) {
            guard let decoding else { return }
            self.decoding = nil
            var index = 0
            for (path, part) in zip(decoding.paths, decoding.parts.values) {
                while index < paths.count, paths[index] < path { index += 1 }
                // A document checked afresh has an entry of its own (without its part): the stored
                // share decoded for it is not its share.
                guard index < paths.count, paths[index] == path, entries[index].part == nil, kept[path] != nil else { continue }
                entries[index].part = part
                entries[index].linksOmitted = decoding.linksOmitted
            }
        }

        /// The kept documents `recheck` names given their dependency key: no longer kept.
        func recheck(_ recheck: (URL, String) -> Bool) -> [URL] {
            let named = found.filter { url in kept[url.path].map { recheck(url, $0.dependencyKey) } ?? false }
            for url in named { kept[url.path] = nil }
            return named
        }

        /// The documents to re-check among `found`: every one when the key, the set of documents or
        /// any asset id changed, else those with a changed dependency.
        func decide(_ found: [URL], stored: Stored?, key: String) -> [URL] {
            stamps.previous = stored?.index.files ?? [:]
            documentCount = found.count
            // Every file the stored run read or missed, stamped again first (on all cores): the files
            // whose content changed since. The documents are among them.
            let changed = stored.flatMap { $0.index.key == key && $0.index.documents == documents ? stamps.restamp($0.index) : nil }
            // Each document's path made once (a URL's path is decoded anew each time it is asked for).
            // A document not stamped yet (all of them on a cold run) is stamped when it is read, from
            // the bytes read: only its head is read for its asset id now.
            let ids = found.concurrentMap { url in
                let path = url.path
                return (path, self.stamps.assetID(path: path) ?? "")
            }
            let paths = ids.map(\.0)
            var hash = ContentHash.Running()
            for (index, (path, id)) in ids.enumerated() {
                if index > 0 { hash.add("\n") }
                hash.add(path)
                hash.add("\t")
                hash.add(id)
            }
            assets = hash.hex
            guard let stored, let changed, stored.index.assets == assets else { return found }
            // A share is kept when none of its files changed: each of them is a file of the stored index
            // (see `Index.files`), so only the changed ones are looked for.
            let unchanged = paths.concurrentMap { path -> Bool in
                stored.entries[path].map { !$0.dependencies.readsAny(of: changed) } ?? false
            }
            kept.reserveCapacity(found.count)
            for (path, same) in zip(paths, unchanged) where same { kept[path] = stored.entries[path] }
            return zip(found, unchanged).filter { !$0.1 }.map(\.0)
        }
    }

    /// File stamps of this run, each file stat-ed once and read only when its size or time changed
    /// since a stamp that was not racy (see `FileStamp.racy`).
    final class Stamps: FileReadObserver, @unchecked Sendable {
        var previous: [String: FileStamp] = [:]
        /// The run's listing: the stamps it took (size and time, not read) are this run's.
        var listing: RunRecord.Listing?
        private var current: [String: FileStamp] = [:]
        /// The files found absent: many documents name the same missing image or code file.
        private var absent = Set<String>()
        private let lock = NSLock()

        var all: [String: FileStamp] { lock.withLock { current } }

        /// Every file stamped, by standardized path, and every file found absent (taken as they are:
        /// merged into one dictionary of optionals, tens of thousands of paths were hashed again).
        var everyFile: ReadFiles {
            lock.withLock { ReadFiles(present: current, absent: absent) }
        }

        func stamp(_ url: URL) -> FileStamp? {
            stamp(path: url.path)
        }

        /// The stamp of the file at the absolute `path`, standardized first when it has dot segments.
        func stamp(path: String) -> FileStamp? {
            let path = StandardPath.standardized(path: path)
            let (known, missing) = lock.withLock { (current[path], absent.contains(path)) }
            if let known { return known }
            if missing { return nil }
            let stamp = Self.read(path: path, previous: previous[path], listing: listing)
            lock.withLock {
                if let stamp { current[path] = stamp } else { absent.insert(path) }
            }
            return stamp
        }

        /// Every file found absent.
        var absentFiles: Set<String> { lock.withLock { absent } }

        /// The `ms.assetid` of the document at the absolute `path`: its stamp's when it was stamped,
        /// else read from the head of the file (`FileStamp.assetID(in:)`), which is not stamped.
        func assetID(path: String) -> String? {
            let path = StandardPath.standardized(path: path)
            if let known = lock.withLock({ current[path] }) { return known.assetID }
            return FileStamp.assetID(path: path)
        }

        /// Stamps a file from the bytes read by the loader (`FileReadObserver`), unless it was stamped
        /// (or found absent) before in this run: its size and time as the open file had them, its
        /// hash from `data` unless its `previous` stamp still holds (as `read(path:previous:listing:)`).
        func didRead(path: String, data: Data, size: Int, modified: Int) {
            let path = StandardPath.standardized(path: path)
            if lock.withLock({ current[path] != nil || absent.contains(path) }) { return }
            var stamp = FileStamp(size: size, modified: modified)
            if let old = previous[path], old.sameIdentity(as: stamp), old.racy != true {
                stamp = old
            } else {
                stamp.fill(from: data)
            }
            lock.withLock {
                if current[path] == nil && !absent.contains(path) { current[path] = stamp }
            }
        }

        /// Stamps every file of `index` (those its run read and those it found absent) on all cores, as
        /// `stamp(path:)` does (`previous` is its files), and returns those whose content changed since:
        /// of another hash, absent now, or present now.
        func restamp(_ index: Index) -> Set<String> {
            let (files, absentFiles) = (Array(index.files), Array(index.absent))
            let (present, missing) = (files.concurrentMap { Self.read(path: $0.key, previous: $0.value, listing: listing) }, absentFiles.concurrentMap { Self.stamp(path: $0, listing: listing) })
            var changed = Set<String>()
            lock.withLock {
                // Nothing stamped yet (a check): the index's stamps and absent files are this run's but
                // for the few that differ now, put right, rather than tens of thousands inserted anew.
                let fromIndex = current.isEmpty && absent.isEmpty
                if fromIndex {
                    current = index.files
                    absent = index.absent
                } else {
                    current.reserveCapacity(current.count + files.count)
                    absent.reserveCapacity(absent.count + absentFiles.count)
                }
                for ((path, old), stamp) in zip(files, present) where !fromIndex || stamp != old {
                    if let stamp { current[path] = stamp } else { current[path] = nil; absent.insert(path) }
                    if stamp?.hash != old.hash { changed.insert(path) }
                }
                for (path, stamp) in zip(absentFiles, missing) {
                    if stamp == nil {
                        if !fromIndex { absent.insert(path) }
                    } else {
                        // Stamped (read and hashed) when something asks for it, as any file.
                        if fromIndex { absent.remove(path) }
                        changed.insert(path)
                    }
                }
            }
            return changed
        }

        /// The size and time of the file at the standard `path`, as the listing has them, else as they
        /// are now; nil when it is absent. (The listing could also tell some absent files, but asking
        /// it costs more than a `stat`.)
        static func stamp(path: String, listing: RunRecord.Listing?) -> FileStamp? {
            listing?.stamps[path] ?? FileStamp.read(path: path)
        }

        /// The stamp of the file at the standard `path`: its `previous` stamp when its size and time
        /// (`stamp(path:listing:)`) are those of that stamp and it was not racy, else read and hashed;
        /// nil when it is absent.
        private static func read(path: String, previous: FileStamp?, listing: RunRecord.Listing?) -> FileStamp? {
            guard var stamp = stamp(path: path, listing: listing) else { return nil }
            if let old = previous, old.sameIdentity(as: stamp), old.racy != true {
                stamp = old
            } else if let data = try? Data(contentsOf: URL(fileURLWithPath: path)) {
                stamp.fill(from: data)
            }
            return stamp
        }
    }
}

/// The files a run read: each present one's stamp as read, by standard path, and those found absent.
struct ReadFiles: Sendable {
    var present: [String: FileStamp] = [:]
    var absent = Set<String>()
}

/// A file's size and modification time (what tells that it may have changed) and, once read, its
/// content hash and `ms.assetid`.
struct FileStamp: Codable, Hashable {
    var size: Int
    var modified: Int
    var hash = ""
    var assetID: String?
    /// True when the file was read so soon after it was modified (see `isRacy`) that it could change
    /// again without its size or time changing: the next run reads it again rather than trust them.
    var racy: Bool?

    var identity: String { "\(size)-\(modified)" }

    /// Sets the hash and asset id of the file's bytes `data`, read now (racy when read within
    /// `racyWindow` of its time).
    mutating func fill(from data: Data) {
        hash = Self.checksum(data)
        assetID = Self.assetID(in: data)
        racy = Self.isRacy(modified: modified, readAt: Self.now()) ? true : nil
    }

    /// The hash a stamp gives a file's bytes: `CacheFile.checksum`'s, eight bytes a step (a cold run
    /// hashes every document: byte by byte, that was a fifth of a CPU-second for a corpus's 174 MB).
    static func checksum(_ data: Data) -> String {
        String(data.withUnsafeBytes { CacheFile.checksum($0) }, radix: 16)
    }

    /// Whether `other` has this stamp's size and time (its `identity`), compared as numbers: each
    /// `identity` is a string made for the asking, and a run compares tens of thousands of stamps.
    func sameIdentity(as other: FileStamp) -> Bool {
        size == other.size && modified == other.modified
    }

    /// How close to its modification time a file must be read for its stamp to be racy: more than a
    /// coarse file system's time step (two seconds on FAT; one on many others).
    static let racyWindow = 2_000_000_000

    /// Whether a file modified at `modified` and read at `readAt` (nanoseconds since 1970) may change
    /// without its stamp showing it: read within `racyWindow` of its time (or before it: a clock
    /// set back, a time set by hand).
    static func isRacy(modified: Int, readAt: Int) -> Bool {
        readAt - modified < racyWindow
    }

    /// The time now, in nanoseconds since 1970 (the file system's clock).
    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return FileTime.nanoseconds(time)
    }

    static func read(_ url: URL) -> FileStamp? {
        read(path: url.path)
    }

    static func read(path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(size: Int(info.st_size), modified: FileTime.nanoseconds(info.st_mtim))
    }

    /// Whether the entry at `path` (a folder too) was modified within `racyWindow` of now; false when it is missing.
    static func isRacy(path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && isRacy(modified: FileTime.nanoseconds(info.st_mtim), readAt: now())
    }

    /// The modification time (nanoseconds since 1970) of the entry at `path` (a folder too); nil when it is missing.
    static func modified(path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? FileTime.nanoseconds(info.st_mtim) : nil
    }


    /// The `ms.assetid` of the file at `path` (`assetID(in:)` of its first 4 kB); nil when it has
    /// none or cannot be read.
    static func assetID(path: String) -> String? {
        ContainedFiles.head(ofRegularFile: path, count: assetIDWindow).flatMap(assetID(in:))
    }

    /// How much of a document's head is read for its asset id.
    static let assetIDWindow = 4096

    /// The `ms.assetid` of a document's front matter, if any: on one of the first 60 non-empty lines
    /// of its first 4 kB, after spaces and tabs.
    ///
    /// The lines are found in the bytes, as splitting the text at its `"\n"` characters would cut
    /// them: at each LF but one after a CR (`"\r\n"` is a single character). Only a line whose bytes
    /// start so is read as text, to tell whether its characters do (an accent on the colon makes
    /// another character) and to take the value.
    static func assetID(in data: Data) -> String? {
        let head = Array(data.prefix(assetIDWindow))
        var start = 0, lines = 0
        for end in 0...head.count where end == head.count || (head[end] == 0x0A && (end == 0 || head[end - 1] != 0x0D)) {
            defer { start = end + 1 }
            guard end > start else { continue }
            lines += 1
            guard lines <= 60 else { break }
            let text = head[start..<end].drop { $0 == 0x20 || $0 == 0x09 }
            guard text.starts(with: assetIDKey.utf8) else { continue }
            let line = String(decoding: head[start..<end], as: UTF8.self)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix(assetIDKey) else { continue }
            let value = trimmed.dropFirst(assetIDKey.count).trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'\r"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static let assetIDKey = "ms.assetid:"
}

extension WorkspaceDocument {
    /// The local images the document shows (or would show: a missing one is stamped absent, so
    /// that adding it re-checks and re-renders the document), each once, sorted.
    func mediaURLs(root: URL) -> [URL] {
        let paths = Set(tutorial?.images.compactMap(\.resolvedTo) ?? []).sorted()
        return paths.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : root.appendingPathComponent($0).standardizedFileURL }
    }

    /// The files the document reads: its own, every include and every code file its code references
    /// name (also one not found, so that adding it invalidates the document), each once (display path
    /// and file), plus the files its problems are about (display path only).
    var filePaths: [(path: String, url: URL?)] {
        var result: [(path: String, url: URL?)] = []
        var seen = Set<String>()
        func visit(_ document: LoadedDocument) {
            guard seen.insert(document.file.path).inserted else { return }
            result.append((document.file.path, document.file.url))
            for include in document.includes { visit(include.document) }
            for reference in document.codeReferences {
                if let url = reference.url, let path = reference.path, seen.insert(path).inserted { result.append((path, url)) }
                for url in reference.alsoSearched where seen.insert(url.path).inserted { result.append((url.path, url)) }
            }
        }
        if let loaded { visit(loaded) }
        for diagnostic in diagnostics {
            if let path = diagnostic.location?.path, seen.insert(path).inserted { result.append((path, nil)) }
        }
        return result
    }
}
