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
