import TutorialModel

/// Prepares the drift report page from a `DriftReport`: empty or populated.
struct DriftReportPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var strings: [String: String]
    var chrome: PageChrome

    func page(for report: DriftReport) -> DriftReportPageView {
        let details = report.rows.filter { !$0.findings.isEmpty }.map(detail)
        let matrix = plan.tutorialPaths.map { path in
            DriftReportPageView.MatrixRow(
                tutorial: plan.variants(of: path).first?.title ?? path,
                cells: plan.locales.map { cell(tutorial: path, locale: $0, report: report) })
        }
        let locales = plan.locales.map { LanguageLink(locale: $0, name: interface.languageName(of: $0), href: "", current: false) }
        return DriftReportPageView(chrome: chrome, locales: locales, matrix: matrix, details: details, isEmpty: report.rows.isEmpty)
    }

    private func cell(tutorial: String, locale: String, report: DriftReport) -> DriftReportPageView.Cell {
        let rows = report.rows.filter { $0.tutorial == tutorial && $0.locale == locale }
        guard !rows.isEmpty else { return .init(locale: locale, status: "unchecked", text: strings["driftUnchecked"] ?? "", href: nil) }
        let count = rows.reduce(0) { $0 + $1.findings.count }
        guard count > 0 else { return .init(locale: locale, status: "clean", text: strings["driftClean"] ?? "", href: nil) }
        let text = (strings["driftFindings"] ?? "{count}").replacingOccurrences(of: "{count}", with: "\(count)")
        return .init(locale: locale, status: "drift", text: text, href: "#" + Self.anchor(rows[0]))
    }

    private func detail(_ row: DriftReport.Row) -> DriftReportPageView.Detail {
        let title = plan.tutorials.first { $0.tutorialPath == row.tutorial && $0.locale == row.locale }?.title ?? row.tutorial
        return DriftReportPageView.Detail(
            id: Self.anchor(row), heading: "\(title) — \(row.locale) (\(row.edition))",
            findings: row.findings.map {
                .init(severity: $0.severity, message: $0.message, location: $0.location, diff: $0.diff.map(DiffLineView.init))
            })
    }

    static func anchor(_ row: DriftReport.Row) -> String {
        let name = SitePlan.pageName(row.tutorial)
        return "drift-\(row.locale)-\(row.edition)-\(name)"
    }
}
