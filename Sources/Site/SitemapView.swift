/// What `sitemap.mustache` renders: every page with its language alternates.
struct SitemapView {
    var urls: [Entry]

    struct Entry {
        var location: String
        var alternates: [AlternateLink]
    }
}
