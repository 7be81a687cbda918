import Foundation
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import Synchronization
import TutorialModel

/// The site's cache, `.stepwise/cache/site/` (safe to delete): for every tutorial page of the last
/// build, the dependency key of its document (see `CheckCache`), the stamp of the file written, and
/// everything the rest of the site needs of the document without its model — its place and title
/// (links, language switchers, the index and status pages), its drift-report row, its images, its
/// problems and what the search index took from it. The index also records each part of a split drift
/// report with its fingerprint (see `DriftReportLayout.fingerprint`): a part whose fingerprint, key and
/// plan are this build's is kept like a page.
///
/// A page is kept — hard-linked from the previous `generated/site`, not rendered, and its document
/// neither read nor modelled — when its document's files, the templates, `stepwise.yml`, the tool,
/// the tables of contents and the site's plan (every document's path, locale, edition and title) are
/// all the same, and the file is still the one that build wrote.
///
/// The entries are stored in `buckets` files by a hash of the document's path, read on all cores;
/// a build rewrites only the buckets of the pages it rendered. Every file is written to a temporary
/// file and renamed; an entry is used only when the index's key and plan are the build's, and the
/// index is written last, under the key of the site it describes.
struct SiteCache {
    var folder: URL
    var site: URL
    static let buckets = 256

    /// The site the last build replaced (`.stepwise/cache/site-spare/`), which the next build writes
    /// over (see `SiteWriter.spare`).
    var spareSite: URL { folder.deletingLastPathComponent().appendingPathComponent("site-spare", isDirectory: true) }

    init(root: URL) {
        folder = root.appendingPathComponent(".stepwise/cache/site", isDirectory: true)
        site = root.appendingPathComponent("generated/site", isDirectory: true)
    }

    /// The models of the pages, beside the pages' entries.
    var models: SiteModelStore { SiteModelStore(folder: folder) }

    /// The key of a build's site: its setup's key (`setupKey`) and every file of `templates/` (but
    /// `assets/`, copied by every build).
    static func key(setupKey: String, templates: URL) -> String {
        var parts = [setupKey]
        let enumerator = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil)
        var files: [URL] = []
        let assets = templates.appendingPathComponent("assets").standardizedFileURL.path + "/"
        while let url = enumerator?.nextObject() as? URL {
            if !url.standardizedFileURL.path.hasPrefix(assets) { files.append(url) }
        }
        for url in files.sorted(byKey: \.path) {
            parts.append(url.path + "\t" + ((try? Data(contentsOf: url)).map(ContentHash.hex) ?? "folder"))
        }
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }

    /// The key of a build's setup, what its pages are made from besides their documents and the
    /// templates: the check's key (the tool, `stepwise.yml`, the options), the tables of contents and
    /// the pages' dates. Pages recorded under it are rendered again from their stored models when only
    /// the templates changed (see `SiteModelStore`).
    static func setupKey(checkKey: String, navigation: String, dates: [String: String]) -> String {
        let parts = [checkKey, navigation] + dates.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }

    /// The plan of a site: every document's path, page, locale, edition, title and header title (which
    /// other pages' navigation shows).
    static func plan(_ tutorials: [Tutorial]) -> String {
        plan(tutorials, kept: [])
    }

    /// The plan of a site of the documents `tutorials` and of the pages `kept` from the last build,
    /// each page's line made from what it stores (as `plan(_:)` makes it from the page's `tutorial`),
    /// on all cores: a build after one edit keeps thousands.
    static func plan(_ tutorials: [Tutorial], kept: [Page]) -> String {
        @Sendable func line(source: String, tutorialPath: String, locale: String, edition: String, title: String, headerTitle: String?) -> String {
            "\(source)\t\(tutorialPath)\t\(locale)\t\(edition)\t\(title)\t\(headerTitle ?? "")"
        }
        var lines = tutorials.concurrentMap { line(source: $0.source, tutorialPath: $0.tutorialPath, locale: $0.locale, edition: $0.edition,
                                                   title: $0.title, headerTitle: $0.metadata.title) }
        lines += kept.concurrentMap { line(source: $0.row.document, tutorialPath: $0.row.tutorialPath, locale: $0.row.locale,
                                          edition: $0.row.edition, title: $0.title, headerTitle: $0.headerTitle) }
        lines.sort()
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }

    /// A page of the last build and what the site needs of its document.
    struct Page: Codable {
        var page: String
        var dependencyKey: String
        var samples: [String: Int]
        var stamp: FileStamp
        var title: String
        /// The title of its header (front matter), which navigation shows.
        var headerTitle: String?
        var description: String?
        var row: DriftRow
        /// The files of the images the page shows (copied into `media/` by every build).
        var media: [String]
        /// The document's problems, reported again by every build.
        var diagnostics: [Diagnostic]
        /// What the search index took from the page (current pages), read only when its locale's
        /// index is built again, and its fingerprint (`SearchDocument.fingerprint`).
        var search: CachedValue<SearchDocument>?
        var searchFingerprint: String?

        /// The files of the images `tutorial` shows (those it could resolve), each once, sorted.
        static func media(of tutorial: Tutorial) -> [String] {
            Set(tutorial.images.filter { $0.problem == nil }.compactMap(\.resolvedTo)).sorted()
        }

        /// The document as the site plans it: its place, title and images, no model.
        var tutorial: Tutorial {
            var tutorial = Tutorial(outline: row.document, locale: row.locale, edition: row.edition, tutorialPath: row.tutorialPath,
                                    title: title, description: description)
            tutorial.metadata.title = headerTitle
            // What the media catalog reads of an image: the file it resolved to.
            tutorial.images = media.map { path in
                var image = ImageReferenceInfo(label: "", alt: "", destination: nil, origin: Origin(path: row.document, line: 1))
                image.resolvedTo = path
                return image
            }
            return tutorial
        }
    }

    /// A document that could not be read (it has no page): what a build that does not read it again
    /// reports of it, and the dependency key it was read with.
    struct Unreadable: Codable {
        var dependencyKey: String
        var diagnostics: [Diagnostic]
    }

    struct Index: Codable {
        static let version = 12
        var version = Index.version
        var key: String
        /// The key of the site's setup (`setupKey`), which `key` is made from with the templates.
        var setupKey: String
        var plan: String
        /// The drift report's parts, by path.
        var sitePages: [String: SitePage] = [:]
        /// The fingerprint of what the pages about the whole site were made from (see
        /// `IncrementalSite.sitePagesFingerprint`).
        var sitePagesFingerprint: String?
        /// Each locale's search index, by locale.
        var search: [String: SearchRecord] = [:]
        /// The documents that could not be read, by file path.
        var unreadable: [String: Unreadable] = [:]
    }

    /// A locale's search index: the fingerprint of the pages it was built from, its size and the stamp
    /// of each of its files, by path.
    struct SearchRecord: Codable {
        var fingerprint: String
        var size: SearchIndexSize
        var files: [String: FileStamp]
    }

    /// A part of the drift report: its fingerprint (see `DriftReportLayout`) and the stamp of its file.
    struct SitePage: Codable {
        var fingerprint: String
        var stamp: FileStamp
    }

    struct Bucket: Codable {
        var version = Index.version
        var key: String
        var plan: String
        /// By the document's file path.
        var pages: [String: Page]
    }

    /// The stored build: its key and plan, and the pages whose file is still the one it wrote, by the
    /// document's file path. Nil when there is none, or it was made by another version of the cache.
    struct Stored {
        var key: String
        var setupKey: String
        var plan: String
        var pages: [String: Page]
        /// The drift report's parts whose file is still the one it wrote, by path.
        var sitePages: [String: SitePage] = [:]
        /// The fingerprint of what the pages about the whole site were made from, when every one of
        /// them is still the file it wrote.
        var sitePagesFingerprint: String?
        /// The search indexes whose files are all still the ones it wrote, by locale.
        var search: [String: SearchRecord] = [:]
        /// The documents that could not be read, by file path.
        var unreadable: [String: Unreadable] = [:]
    }

    /// The cache's index: nil when it is missing, damaged or of another version (then nothing is kept).
    func loadIndex() -> Index? {
        guard let index = CacheFile.read(Index.self, from: folder.appendingPathComponent("index.bin")), index.version == Index.version else { return nil }
        return index
    }

    /// What the cache keeps under `index` (see `loadIndex()`): its pages (those of its buckets, each
    /// read on all cores) whose file is still the one it wrote, the site pages and search indexes too.
    func load(_ index: Index) -> Stored {
        let site = site.path
        let buckets = Array(0..<Self.buckets).concurrentMap { bucket -> [String: Page] in
            guard let stored = CacheFile.read(Bucket.self, from: url(ofBucket: bucket)),
                  stored.version == Index.version, stored.key == index.key, stored.plan == index.plan else { return [:] }
            return stored.pages.filter { _, page in FileStamp.unchanged(path: site + "/" + page.page, since: page.stamp) }
        }
        let parts = index.sitePages.filter { path, part in FileStamp.unchanged(path: site + "/" + path, since: part.stamp) }
        let search = index.search.filter { _, record in
            record.files.allSatisfy { path, stamp in FileStamp.unchanged(path: site + "/" + path, since: stamp) }
        }
        // One dictionary made at its size: grown bucket by bucket, it was rehashed a dozen times.
        var pages = [String: Page](minimumCapacity: buckets.reduce(0) { $0 + $1.count })
        for bucket in buckets { pages.merge(bucket) { first, _ in first } }
        return Stored(key: index.key, setupKey: index.setupKey, plan: index.plan, pages: pages, sitePages: parts,
                      sitePagesFingerprint: parts.count == index.sitePages.count ? index.sitePagesFingerprint : nil, search: search,
                      unreadable: index.unreadable)
    }

    /// Where the search index of `locale` is kept for the next build (see `SearchSnapshot`): named by
    /// a hash of the locale, whatever characters it has.
    private func searchSnapshotURL(locale: String) -> URL {
        folder.appendingPathComponent("search-\(ContentHash.hex(Data(locale.utf8)).prefix(16)).bin", isDirectory: false)
    }

    /// The search index of `locale` a build left, nil when there is none or its file is not whole,
    /// intact and of this version (see `CacheFile`). It is self-checking: a page of it is used only
    /// when this build's page has the same fingerprint.
    func searchSnapshot(locale: String) -> SearchSnapshot? {
        CacheFile.withPayload(at: searchSnapshotURL(locale: locale)) { bytes in
            SearchSnapshot(bytes: bytes).flatMap { $0.index.locale == locale ? $0 : nil }
        }
    }

    /// Keeps `snapshot` (`SearchSnapshot.bytes()`) as the search index of `locale` for the next build.
    func save(searchSnapshot snapshot: [UInt8], locale: String) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? CacheFile.write(payload: snapshot, to: searchSnapshotURL(locale: locale))
    }

    /// Records the pages of a build (after the site was swapped in): `pages` by document file path,
    /// each with the stamp of the file now in the site. Only the buckets holding a page that is new,
    /// changed or gone are written, unless the key or plan changed. `written`: the stamps of the files
    /// the build wrote, by path in the site (`WrittenFiles`): a file still of its written size and time
    /// is not read back to be hashed.
    func save(key: String, setupKey: String, plan: String, pages: consuming [String: Page], sitePages: [String: String] = [:], sitePagesFingerprint: String? = nil,
              search: [String: (fingerprint: String, size: SearchIndexSize, paths: [String])] = [:], unreadable: [String: Unreadable] = [:],
              written: [String: FileStamp] = [:], previous: Stored?) {
        // The pages are stamped where they are, not copied (twice, each of a site's thousands) into a
        // new dictionary: a page is a large value, and a copy touches each string and array it holds.
        var current = consume pages
        let sitePath = site.path
        // Every page's file stamped on all cores (a site has thousands), with the checksum of its bytes
        // unless it is still the file stamped last time; a page without one is not recorded.
        let files = current.map { path, page in (path: path, page: page.page, stamp: page.stamp) }
        let stamps = files.concurrentRuns { run in run.map { FileStamp.hashed(path: sitePath + "/" + $0.page, known: written[$0.page] ?? $0.stamp) } }
        for (file, stamp) in zip(files, stamps) {
            if let stamp { current[file.path]?.stamp = stamp } else { current[file.path] = nil }
        }
        let sameSite = previous.map { $0.key == key && $0.plan == plan } ?? false
        var rewritten = Set<Int>()
        if sameSite, let previous {
            for (path, page) in current where previous.pages[path].map({ $0.stamp != page.stamp || $0.dependencyKey != page.dependencyKey }) ?? true {
                rewritten.insert(Self.bucket(of: path))
            }
            for path in previous.pages.keys where current[path] == nil { rewritten.insert(Self.bucket(of: path)) }
        } else {
            rewritten = Set(0..<Self.buckets)
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Only the pages of the buckets written are grouped (after one edit, a few of thousands).
        var grouped = [Int: [String: Page]](minimumCapacity: rewritten.count)
        for bucket in rewritten { grouped[bucket] = [:] }
        for (path, page) in current {
            let bucket = Self.bucket(of: path)
            grouped[bucket]?[path] = page
        }
        let buckets = consume grouped
        _ = rewritten.sorted().concurrentMap { bucket in
            try? CacheFile.write(Bucket(key: key, plan: plan, pages: buckets[bucket] ?? [:]), to: url(ofBucket: bucket))
        }
        var stamped: [String: SitePage] = [:]
        for (path, fingerprint) in sitePages {
            if let stamp = FileStamp.hashed(path: sitePath + "/" + path, known: written[path] ?? previous?.sitePages[path]?.stamp) {
                stamped[path] = SitePage(fingerprint: fingerprint, stamp: stamp)
            }
        }
        var indexes: [String: SearchRecord] = [:]
        for (locale, index) in search {
            let stamps = index.paths.map { path in (path, FileStamp.hashed(path: sitePath + "/" + path, known: written[path] ?? previous?.search[locale]?.files[path])) }
            guard stamps.allSatisfy({ $0.1 != nil }) else { continue }
            indexes[locale] = SearchRecord(fingerprint: index.fingerprint, size: index.size,
                                           files: Dictionary(stamps.map { ($0.0, $0.1!) }, uniquingKeysWith: { first, _ in first }))
        }
        // A page about the whole site not written (a failed write) leaves no fingerprint to keep them by.
        let fingerprint = stamped.count == sitePages.count ? sitePagesFingerprint : nil
        try? CacheFile.write(Index(key: key, setupKey: setupKey, plan: plan, sitePages: stamped, sitePagesFingerprint: fingerprint, search: indexes, unreadable: unreadable),
                             to: folder.appendingPathComponent("index.bin"))
        // Every page's entry (thousands, each with its diagnostics) is freed on another thread while the build reports.
        Concurrently.release((consume current, consume buckets))
    }

    /// The stored parts of the drift report as the site builder takes them.
    func previous(_ parts: [String: SitePage]) -> [String: PreviousSitePage] {
        Dictionary(uniqueKeysWithValues: parts.map { path, part in (path, PreviousSitePage(fingerprint: part.fingerprint, file: site.appendingPathComponent(path, isDirectory: false))) })
    }

    /// The stored search indexes as the site builder takes them.
    func previous(_ search: [String: SearchRecord]) -> [String: PreviousSearchIndex] {
        search.mapValues { record in
            PreviousSearchIndex(fingerprint: record.fingerprint, files: Dictionary(uniqueKeysWithValues: record.files.keys.map { ($0, site.appendingPathComponent($0, isDirectory: false)) }),
                                size: record.size)
        }
    }

    /// A stored page as the site builder takes it: its search document read only when needed.
    func previous(_ page: Page) -> PreviousPage {
        let deferred = page.search.flatMap { cached in
            page.searchFingerprint.map { DeferredSearch(fingerprint: $0) { cached.value } }
        }
        return PreviousPage(
            page: page.page, file: site.appendingPathComponent(page.page, isDirectory: false),
            samples: Dictionary(uniqueKeysWithValues: page.samples.compactMap { key, count in SampleVerification.Status(rawValue: key).map { ($0, count) } }),
            deferredSearch: deferred)
    }

    static func bucket(of path: String) -> Int {
        Int(ContentHash.fnv1a(path.utf8) % UInt64(buckets))
    }

    private func url(ofBucket bucket: Int) -> URL {
        folder.appendingPathComponent(String(format: "pages-%02d.bin", bucket))
    }
}

/// The stamps of the files a site writer wrote (`SiteWriter.observer`), by path in the site: each
/// with its size and time once written and the checksum of the bytes written.
final class WrittenFiles: FileWriteObserver {
    private let stamps = Mutex<[String: FileStamp]>([:])

    var all: [String: FileStamp] { stamps.withLock { $0 } }

    func didWrite(path: String, data: Data, size: Int, modified: Int) {
        let stamp = FileStamp(size: size, modified: modified, hash: FileStamp.checksum(data))
        stamps.withLock { $0[path] = stamp }
    }
}

extension FileStamp {
    /// The stamp of the file at `path` with the checksum of its bytes as its `hash` (`known`'s when
    /// the file still has `known`'s size and time; none when it changed while it was read); nil when
    /// there is no such file.
    static func hashed(path: String, known: FileStamp? = nil) -> FileStamp? {
        guard var stamp = read(path: path) else { return nil }
        if let known, !known.hash.isEmpty, known.sameIdentity(as: stamp) {
            stamp.hash = known.hash
        } else if let data = FileManager.default.contents(atPath: path), read(path: path)?.sameIdentity(as: stamp) == true {
            stamp.hash = checksum(data)
        }
        return stamp
    }

    /// Whether the file at `path` is still the one stamped `stored` (by `hashed`): it has the same
    /// size and time, or — its time changed, as a checkout or a copy changes it — the same bytes.
    static func unchanged(path: String, since stored: FileStamp) -> Bool {
        guard let now = read(path: path) else { return false }
        if now.sameIdentity(as: stored) { return true }
        guard !stored.hash.isEmpty, now.size == stored.size, let data = FileManager.default.contents(atPath: path) else { return false }
        return checksum(data) == stored.hash
    }
}
