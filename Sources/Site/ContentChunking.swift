/// How the search index and the sitemap are cut into files: entries in a fixed order, grouped into runs of similar
/// size whose boundaries the entries themselves choose (content-defined chunking). A run ends before
/// an entry whose key hashes to a multiple of `divisor` once it holds `minimum` bytes, and before an
/// entry that would take it past `maximum`. A change to one entry changes its own run (rarely the
/// next), so the other files keep their bytes — and their names, which are their hashes.
struct ContentChunking: Sendable {
    var minimum: Int
    var maximum: Int
    var divisor: UInt64

    /// Terms (about 100 bytes each on a large site): parts of about 32 kB, at most 64 kB but by one term.
    static let terms = ContentChunking(minimum: 16_000, maximum: 64_000, divisor: 160)
    /// Pages (about 1.6 kB each): parts of about 12 kB, at most 24 kB but by one page.
    static let pages = ContentChunking(minimum: 6_000, maximum: 24_000, divisor: 4)
    /// Sitemap entries (about 300 bytes each with their alternates): parts of about 500 kB, at most 1 MB
    /// (the protocol allows 50 MB and 50,000 addresses).
    static let sitemap = ContentChunking(minimum: 250_000, maximum: 1_000_000, divisor: 800)

    /// `entries` in order, cut into runs; `size` is an entry's bytes, `key` what its boundary hashes.
    func runs<Entry>(_ entries: [Entry], size: (Entry) -> Int, key: (Entry) -> String) -> [[Entry]] {
        entries.runs(maximum: maximum, size: size) { entry, bytes in bytes >= minimum && isBoundary(key(entry)) }
    }

    /// Whether a run may start at `key`. The hash's high bits: FNV-1a's lowest vary least.
    func isBoundary(_ key: String) -> Bool {
        (ContentHash.fnv1a(key.utf8) >> 32) % divisor == 0
    }
}
