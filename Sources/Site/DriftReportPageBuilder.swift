import StepwiseDiagnostics
import TutorialModel

/// Prepares the drift report's pages, laid out by `DriftReportLayout`: the overview of every locale
/// (in the default locale's strings), and each locale's page and parts in the locale's own strings.
struct DriftReportPageBuilder: Sendable {
    var plan: SitePlan
    var interface: InterfaceStrings
    var layout: DriftReportLayout

    static let overviewPath = "drift-report.html"

    /// `drift-report.html`: findings per locale and per rule, the parts of split locales, and the
    /// documents that could not be read.
    func overview(_ report: DriftReport, strings: [String: String], chrome: PageChrome) -> DriftReportPageView {
        let path = Self.overviewPath
        let isEmpty = report.rows.isEmpty && report.unreadable.isEmpty
        return DriftReportPageView(
            chrome: chrome, heading: strings["driftReport"] ?? "Drift report", intro: strings["driftIntro"], breadcrumbs: [], isEmpty: isEmpty,
            unreadable: report.unreadable.isEmpty ? nil : unreadable(report.unreadable, strings: strings),
            locales: isEmpty ? [] : layout.locales.map { localeRow($0, href: SitePlan.href(from: path, to: DriftReportLayout.localePath($0.locale))) },
            ruleColumns: isEmpty ? [] : layout.locales.map(column), rules: ruleRows(layout.locales),
            partGroups: layout.locales.filter(\.isSplit).map { partGroup($0, from: path, strings: strings) },
            documents: [], details: [], noFindings: !isEmpty && report.unreadable.isEmpty && layout.locales.allSatisfy(\.rows.isEmpty), pager: nil)
    }

    /// `<locale>/drift-report.html`: the locale's counts, then its findings, or its parts when they are split.
    func localePage(_ locale: DriftReportLayout.Locale, strings: [String: String], chrome: PageChrome) -> DriftReportPageView {
        let path = DriftReportLayout.localePath(locale.locale)
        let language = interface.languageName(of: locale.locale)
        let shown = locale.isSplit ? [] : locale.parts.flatMap(\.rows)
        return DriftReportPageView(
            chrome: chrome, heading: "\(strings["driftReport"] ?? "Drift report") — \(language)", intro: strings["driftLocaleIntro"],
            breadcrumbs: [up(strings, from: path), .init(title: language, href: nil)], isEmpty: false, unreadable: nil,
            locales: [localeRow(locale, href: nil)], ruleColumns: [column(locale)], rules: ruleRows([locale]),
            partGroups: locale.isSplit ? [partGroup(locale, from: path, strings: strings)] : [],
            documents: shown.map { documentRow($0) }, details: shown.map { detail($0, from: path, strings: strings) }, noFindings: locale.rows.isEmpty, pager: nil)
    }

    /// A part of a split locale: its documents and their findings, between the previous and next parts.
    func partPage(_ index: Int, of locale: DriftReportLayout.Locale, strings: [String: String], chrome: PageChrome) -> DriftReportPageView {
        let part = locale.parts[index]
        let language = interface.languageName(of: locale.locale)
        return DriftReportPageView(
            chrome: chrome, heading: Self.label(part, strings), intro: nil,
            breadcrumbs: [up(strings, from: part.path), .init(title: language, href: SitePlan.href(from: part.path, to: DriftReportLayout.localePath(locale.locale)))],
            isEmpty: false, unreadable: nil, locales: [], ruleColumns: [], rules: [], partGroups: [],
            documents: part.rows.map { documentRow($0, folder: part.folder) }, details: part.rows.map { detail($0, from: part.path, strings: strings) }, noFindings: false,
            pager: locale.parts.count > 1 ? PartPager(index, of: locale.parts.map { (Self.label($0, strings), $0.path) }) : nil)
    }

    /// The title of a page of the report: the overview's, a locale's, or a part's.
    static func title(of part: DriftReportLayout.Part?, language: String, strings: [String: String]) -> String {
        let report = strings["driftReport"] ?? "Drift report"
        guard let part else { return "\(report) — \(language)" }
        return "\(label(part, strings)) — \(report) — \(language)"
    }

    /// `articles/storage/`, `articles/storage/ (part 2 of 3)`; the locale's own documents by name.
    static func label(_ part: DriftReportLayout.Part, _ strings: [String: String]) -> String {
        let folder = part.folder.slashSeparatedParts().map(String.init)
        return FolderLayout<DriftReport.Row>.Part(folder: folder, number: part.number, count: part.count, items: []).label(strings)
    }

    private func up(_ strings: [String: String], from path: String) -> DriftReportPageView.Link {
        .init(title: strings["driftReport"] ?? "Drift report", href: SitePlan.href(from: path, to: Self.overviewPath))
    }

    private func column(_ locale: DriftReportLayout.Locale) -> DriftReportPageView.Column {
        .init(title: interface.languageName(of: locale.locale), lang: locale.locale)
    }

    private func localeRow(_ locale: DriftReportLayout.Locale, href: String?) -> DriftReportPageView.CountRow {
        counted(locale.rows, title: interface.languageName(of: locale.locale), lang: locale.locale, code: locale.locale, href: href)
    }

    /// The parts of a split locale, labelled in the page's `strings`.
    private func partGroup(_ locale: DriftReportLayout.Locale, from path: String, strings: [String: String]) -> DriftReportPageView.PartGroup {
        .init(id: "parts-\(locale.locale)", locale: locale.locale, language: interface.languageName(of: locale.locale),
                     parts: locale.parts.map { counted($0.rows, title: Self.label($0, strings), href: SitePlan.href(from: path, to: $0.path)) })
    }

    /// A document of a page, its path shown from the part's `folder`.
    private func documentRow(_ row: DriftReport.Row, folder: String = "") -> DriftReportPageView.CountRow {
        let title = document(of: row)?.title ?? row.tutorial
        let path = !folder.isEmpty && row.tutorial.hasPrefix(folder + "/") ? String(row.tutorial.dropFirst(folder.count + 1)) : row.tutorial
        return counted([row], title: row.edition == plan.configuration.sourceEdition ? title : "\(title) (\(row.edition))",
                       code: path, href: "#" + Self.anchor(row))
    }

    private func counted(_ rows: [DriftReport.Row], title: String, lang: String? = nil, code: String? = nil, href: String?) -> DriftReportPageView.CountRow {
        let findings = rows.flatMap(\.findings)
        let errors = findings.count { $0.severity == "error" }, warnings = findings.count { $0.severity == "warning" }
        return .init(title: title, lang: lang, code: code, href: href, documents: rows.count, errors: errors, warnings: warnings, hasErrors: errors > 0, hasWarnings: warnings > 0)
    }

    /// Every rule with findings, by id, counted in each of `locales`.
    private func ruleRows(_ locales: [DriftReportLayout.Locale]) -> [DriftReportPageView.RuleRow] {
        let counts = locales.map { locale in locale.rows.flatMap(\.findings).reduce(into: [String: Int]()) { $0[$1.rule, default: 0] += 1 } }
        let rules = Set(counts.flatMap(\.keys)).sorted()
        let titles = locales.map { interface.languageName(of: $0.locale) }
        return rules.map { rule in
            .init(rule: rule.isEmpty ? "—" : rule, counts: zip(titles, counts).map { .init(title: $0, count: $1[rule] ?? 0) })
        }
    }

    /// The documents that could not be read: they have no page, so the overview lists them.
    private func unreadable(_ findings: [DriftReport.Finding], strings: [String: String]) -> DriftReportPageView.Detail {
        DriftReportPageView.Detail(
            id: "unreadable-documents", heading: strings["driftUnreadable"] ?? "Documents that could not be read", href: nil,
            findings: findings.map {
                .init(severity: $0.severity, label: Self.severity($0.severity, strings), message: Self.unreadableMessage($0, strings), location: $0.location, diff: [])
            })
    }

    /// Why a document could not be read, in `strings` by its problem's id (`file-invalid-utf8` →
    /// `unreadableFileInvalidUtf8`, else `unreadableOther`), followed by the id.
    static func unreadableMessage(_ finding: DriftReport.Finding, _ strings: [String: String]) -> String {
        guard !finding.rule.isEmpty else { return finding.message }
        let message = strings[InterfaceStrings.key("unreadable", id: finding.rule)] ?? strings["unreadableOther"] ?? finding.message
        return "\(message) [\(finding.rule)]"
    }

    /// `error`, `warning`, `note` in `strings` (`severityError`…).
    static func severity(_ severity: String, _ strings: [String: String]) -> String {
        strings["severity" + severity.prefix(1).uppercased() + severity.dropFirst()] ?? severity
    }

    private func detail(_ row: DriftReport.Row, from path: String, strings: [String: String]) -> DriftReportPageView.Detail {
        let page = document(of: row)
        return DriftReportPageView.Detail(
            id: Self.anchor(row), heading: "\(page?.title ?? row.tutorial) — \(row.locale) (\(row.edition))",
            href: page.map { SitePlan.href(from: path, to: plan.path(of: $0)) },
            findings: row.findings.map {
                .init(severity: $0.severity, label: Self.severity($0.severity, strings), message: $0.message, location: $0.location,
                      diff: $0.diff.map(DiffLineView.init))
            })
    }

    /// The document a row describes.
    private func document(of row: DriftReport.Row) -> Tutorial? {
        plan.all(of: row.tutorial).first { $0.locale == row.locale && $0.edition == row.edition }
    }

    static func anchor(_ row: DriftReport.Row) -> String {
        let page = SitePlan.pagePath(row.tutorial).replacingEvery("/", with: "--")
        return "drift-\(row.locale)-\(row.edition)-\(page)"
    }
}
