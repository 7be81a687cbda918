/// How the sitemap is written: `sitemap.xml` alone while its entries fit in one part; otherwise
/// `sitemap.xml` is a sitemap index (sitemaps.org) naming parts `sitemaps/<hash>.xml`, each a list of
/// entries cut where the entries say (`ContentChunking.sitemap`) and named by the hash of what it
/// lists: a page added or removed rewrites its own part (rarely the next), the others keep their
/// bytes and names.
struct SitemapLayout {
    /// Each part's path and what it lists, in order.
    let parts: [(path: String, view: SitemapView)]
    /// The index of the parts, nil when the sitemap is one file.
    let index: SitemapIndexView?

    init(_ sitemap: SitemapView, base: String, chunking: ContentChunking = .sitemap) {
        let runs = chunking.runs(sitemap.urls, size: Self.size, key: \.location)
        guard runs.count > 1 else {
            parts = [("sitemap.xml", sitemap)]
            index = nil
            return
        }
        parts = runs.map { run in ("sitemaps/\(Self.name(of: run)).xml", SitemapView(urls: run)) }
        index = SitemapIndexView(sitemaps: parts.map { base + $0.path })
    }

    /// About the bytes of an entry in the file.
    static func size(_ entry: SitemapView.Entry) -> Int {
        30 + entry.location.utf8.count + entry.alternates.reduce(0) { $0 + 60 + $1.hreflang.utf8.count + $1.href.utf8.count }
    }

    /// The hash of a part's entries, as 16 hex digits.
    private static func name(of entries: [SitemapView.Entry]) -> String {
        var text = ""
        for entry in entries {
            text += entry.location + "\n"
            for alternate in entry.alternates { text += alternate.hreflang + " " + alternate.href + "\n" }
        }
        return ContentHash.hex(text.utf8)
    }
}

/// What `sitemap-index.mustache` renders: the address of every part of the sitemap.
struct SitemapIndexView: Encodable {
    var sitemaps: [String]
}
