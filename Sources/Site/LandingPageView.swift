/// What `index.mustache` renders: every tutorial with its languages and archived editions.
struct LandingPageView: Encodable {
    var chrome: PageChrome
    var tutorials: [Entry]
    var locales: [LanguageLink]
    var driftReportHref: String

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
