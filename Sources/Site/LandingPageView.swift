/// What `index.mustache` renders: every tutorial with its languages and archived editions — or, on a
/// site too large for one page, the index of the parts (`sections`), and each part's tutorials.
struct LandingPageView: Encodable {
    var chrome: PageChrome
    /// Where a part is (nothing on the index itself).
    var breadcrumbs: [Link] = []
    /// The heading: the site's title, or the part's folder.
    var heading: String
    var tutorials: [Entry]
    /// The parts of a split index, each with how many tutorials it lists (the index of a large site).
    var sections: [Section] = []
    var locales: [LanguageLink]
    var statusHref: String
    var driftReportHref: String
    /// The previous and next parts (a part).
    var pager: PartPager?

    typealias Link = PartLink

    struct Section: Encodable {
        var title: String
        var href: String
        var count: Int
    }

    struct Entry: Encodable {
        var title: String
        var description: String?
        var variants: [Variant]
        var archived: [Variant]
    }

    struct Variant: Encodable {
        var locale: String
        var language: String
        var title: String
        var href: String
        var edition: String
    }
}
