/// What `drift-report.mustache` renders: the overview of every locale's findings (`drift-report.html`),
/// a locale's findings or their parts (`<locale>/drift-report.html`), or one part of them.
struct DriftReportPageView: Encodable {
    var chrome: PageChrome
    var heading: String
    var intro: String?
    /// The way up: the overview, the locale (none on the overview).
    var breadcrumbs: [Link]
    /// No check has run (the overview of an empty report).
    var isEmpty: Bool
    /// The documents that could not be read (the overview).
    var unreadable: Detail?
    /// Findings per locale (the overview), or of the page's locale.
    var locales: [CountRow]
    /// Findings per rule, a column per locale.
    var ruleColumns: [Column]
    var rules: [RuleRow]
    /// The parts of each locale whose findings are split (the overview), or of the page's locale.
    var partGroups: [PartGroup]
    /// The documents whose findings the page shows, each linking to them.
    var documents: [CountRow]
    var details: [Detail]
    /// The page shows findings, but there are none.
    var noFindings: Bool
    /// The previous and next parts of the locale (a part).
    var pager: PartPager?

    typealias Link = PartLink

    /// A locale, a part or a document, with its counts of findings.
    struct CountRow: Encodable {
        var title: String
        /// The title's language, where it is a language name.
        var lang: String?
        var code: String?
        var href: String?
        /// Documents with findings.
        var documents: Int
        var errors: Int
        var warnings: Int
        /// Whether the counts are not zero (zero is not coloured).
        var hasErrors: Bool
        var hasWarnings: Bool
    }

    struct Column: Encodable {
        var title: String
        var lang: String
    }

    struct RuleRow: Encodable {
        var rule: String
        var counts: [RuleCount]
    }

    /// A rule's count in one locale, with the locale's column title (cells are labelled when the
    /// table is shown as stacked rows on narrow screens).
    struct RuleCount: Encodable {
        var title: String
        var count: Int
    }

    struct PartGroup: Encodable {
        var id: String
        var locale: String
        var language: String
        var parts: [CountRow]
    }

    struct Detail: Encodable {
        var id: String
        var heading: String
        /// The page of the document (none for documents that could not be read).
        var href: String?
        var findings: [FindingView]
    }

    struct FindingView: Encodable {
        var severity: String
        /// The severity in the page's language.
        var label: String
        var message: String
        var location: String
        var diff: [DiffLineView]
    }
}
