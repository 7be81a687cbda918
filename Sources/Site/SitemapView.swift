/// What `sitemap.mustache` renders: every page with its language alternates.
struct SitemapView: Encodable {
    var urls: [Entry]

    struct Entry: Encodable {
        var location: String
        var alternates: [AlternateLink]
    }
}
