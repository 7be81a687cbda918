import Foundation

/// What a build produced: shown as the final summary line.
public struct SiteSummary: Sendable {
    public var pages = 0
    public var locales = 0
    public var samples: [SampleVerification.Status: Int] = [:]
    /// Interface strings that fell back to the default locale, and similar notes.
    public var warnings: [String] = []
    /// Each tutorial page, by the document it shows (its `source`): the page path and its verification counts.
    public var tutorialPages: [String: (page: String, samples: [SampleVerification.Status: Int])] = [:]
    /// Tutorial pages and parts of the drift report kept from an earlier build.
    public var kept = 0
    /// The search indexes of the pages of a shard (its share of the site's). A whole site's are written
    /// and let go as each locale's is built: none is held to the end of the build.
    public var search = SiteSearch()
    /// The size of each locale's search index written, by locale.
    public var searchIndexes: [String: SearchIndexSize] = [:]
    /// Each locale's search index written or kept, by locale: the fingerprint of the pages it holds
    /// (see `SearchDocument.fingerprint`) and its files' paths — what a later build keeps it by.
    public var searchFiles: [String: (fingerprint: String, paths: [String])] = [:]
    /// The fingerprint of each page about the whole site written or kept (index, status pages, drift
    /// report, sitemap, and their parts), by its path: an incremental build keeps a page whose
    /// fingerprint did not change.
    public var sitePageFingerprints: [String: String] = [:]

    public init() {}

    public func count(_ status: SampleVerification.Status) -> Int { samples[status] ?? 0 }

    /// `12 pages, 4 locales; samples: 40 matched, 3 repaired, 0 drifted, 20 fallback, 10 unverified`.
    public var line: String {
        "\(pages) pages, \(locales) locales; samples: \(count(.matchesSource)) matched, \(count(.repaired)) repaired, "
            + "\(count(.drift)) drifted, \(count(.fallback)) fallback, \(count(.unverified)) not checked"
            + (kept > 0 ? "; \(kept) pages kept from the last build" : "")
            + (searchIndexes.isEmpty ? "" : "; search index: " + searchIndexes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }

    /// `812 B`, `14.2 kB`, `3.1 MB` (powers of 1,000).
    static func size(_ bytes: Int) -> String {
        if bytes < 1_000 { return "\(bytes) B" }
        if bytes < 1_000_000 { return String(format: "%.1f kB", Double(bytes) / 1_000) }
        return String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}

/// The files of one locale's search index: how many, their bytes, and the largest (the most one
/// query loads at once, besides the manifest).
public struct SearchIndexSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var files = 0
    public var bytes = 0
    public var largest = 0

    public init() {}

    public mutating func add(_ file: SearchFile) {
        files += 1
        bytes += file.data.count
        largest = max(largest, file.data.count)
    }

    /// `14.6 MB in 942 files (largest 64.1 kB)`.
    public var description: String {
        "\(SiteSummary.size(bytes)) in \(files) file\(files == 1 ? "" : "s") (largest \(SiteSummary.size(largest)))"
    }
}
