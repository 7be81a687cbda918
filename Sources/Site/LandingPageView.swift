/// What `index.mustache` renders: every tutorial with its languages and archived editions.
struct LandingPageView {
    var chrome: PageChrome
    var tutorials: [Entry]
    var locales: [LanguageLink]
    var driftReportHref: String

    struct Entry {
        var title: String
        var description: String?
        var variants: [Variant]
        var archived: [Variant]
    }

    struct Variant {
        var locale: String
        var language: String
        var title: String
        var href: String
        var edition: String
    }
}

/// What `drift-report.mustache` renders: the tutorial × locale matrix and each finding's diff.
struct DriftReportPageView {
    var chrome: PageChrome
    var locales: [LanguageLink]
    var matrix: [MatrixRow]
    var details: [Detail]
    var isEmpty: Bool

    struct MatrixRow {
        var tutorial: String
        var cells: [Cell]
    }

    struct Cell {
        var locale: String
        var status: String
        var text: String
        var href: String?
    }

    struct Detail {
        var id: String
        var heading: String
        var findings: [FindingView]
    }

    struct FindingView {
        var severity: String
        var message: String
        var location: String
        var diff: [DiffLineView]
    }
}

/// What `sitemap.mustache` renders.
struct SitemapView {
    var urls: [Entry]

    struct Entry {
        var location: String
        var alternates: [AlternateLink]
    }
}
