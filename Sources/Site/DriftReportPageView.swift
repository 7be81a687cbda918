/// What `drift-report.mustache` renders: the tutorial × locale matrix and each finding's diff.
struct DriftReportPageView: Encodable {
    var chrome: PageChrome
    var locales: [LanguageLink]
    var matrix: [MatrixRow]
    var details: [Detail]
    var isEmpty: Bool

    struct MatrixRow: Encodable {
        var tutorial: String
        var cells: [Cell]
    }

    struct Cell: Encodable {
        var locale: String
        var status: String
        var text: String
        var href: String?
    }

    struct Detail: Encodable {
        var id: String
        var heading: String
        var findings: [FindingView]
    }

    struct FindingView: Encodable {
        var severity: String
        var message: String
        var location: String
        var diff: [DiffLineView]
    }
}
