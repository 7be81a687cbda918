import TutorialModel

/// Prepares the drift report page from a `DriftReport`: empty or populated.
struct DriftReportPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var strings: [String: String]
    var chrome: PageChrome

    func page(for report: DriftReport) -> DriftReportPageView {
        var details = report.rows.filter { !$0.findings.isEmpty }.map(detail)
        if !report.unreadable.isEmpty { details.insert(unreadable(report.unreadable), at: 0) }
        let rows = Dictionary(grouping: report.rows, by: { RowKey(tutorial: $0.tutorial, locale: $0.locale) })
        let matrix = plan.tutorialPaths.map { path in
            DriftReportPageView.MatrixRow(
                tutorial: plan.variants(of: path).first?.title ?? path,
                cells: plan.locales.map { cell(rows[RowKey(tutorial: path, locale: $0)] ?? [], locale: $0) })
        }
        let locales = plan.locales.map { LanguageLink(locale: $0, name: interface.languageName(of: $0), href: "", current: false) }
        return DriftReportPageView(
            chrome: chrome, locales: locales, matrix: matrix, details: details, isEmpty: report.rows.isEmpty && report.unreadable.isEmpty)
    }

    private struct RowKey: Hashable {
        var tutorial: String
        var locale: String
    }

    /// The documents that could not be read: they have no page, so the report lists them first.
    private func unreadable(_ findings: [DriftReport.Finding]) -> DriftReportPageView.Detail {
        DriftReportPageView.Detail(
            id: "unreadable-documents", heading: strings["driftUnreadable"] ?? "Documents that could not be read",
            findings: findings.map { .init(severity: $0.severity, message: $0.message, location: $0.location, diff: []) })
    }

    private func cell(_ rows: [DriftReport.Row], locale: String) -> DriftReportPageView.Cell {
        guard !rows.isEmpty else { return .init(locale: locale, status: "unchecked", text: strings["driftUnchecked"] ?? "", href: nil) }
        let count = rows.reduce(0) { $0 + $1.findings.count }
        guard count > 0 else { return .init(locale: locale, status: "clean", text: strings["driftClean"] ?? "", href: nil) }
        let text = (strings["driftFindings"] ?? "{count}").replacingOccurrences(of: "{count}", with: "\(count)")
        return .init(locale: locale, status: "drift", text: text, href: "#" + Self.anchor(rows[0]))
    }

    private func detail(_ row: DriftReport.Row) -> DriftReportPageView.Detail {
        let title = plan.variant(of: row.tutorial, locale: row.locale)?.title ?? row.tutorial
        return DriftReportPageView.Detail(
            id: Self.anchor(row), heading: "\(title) — \(row.locale) (\(row.edition))",
            findings: row.findings.map {
                .init(severity: $0.severity, message: $0.message, location: $0.location, diff: $0.diff.map(DiffLineView.init))
            })
    }

    static func anchor(_ row: DriftReport.Row) -> String {
        let page = SitePlan.pagePath(row.tutorial).replacingOccurrences(of: "/", with: "--")
        return "drift-\(row.locale)-\(row.edition)-\(page)"
    }
}
