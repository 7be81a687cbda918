import StepwiseDiagnostics

/// Which page of the drift report shows each document's findings: the report is split so that no page
/// grows with the site.
///
/// `drift-report.html` is an overview; each locale has `<locale>/drift-report.html`. When a locale's
/// findings fit in `pageSize` (the estimated bytes of their HTML), its page shows them all. Otherwise
/// they are split by folder, deterministically, from the findings alone: a folder whose findings fit
/// is one part, `<locale>/drift/<folder>/index.html`; a folder that does not fit is split into its
/// subfolders, and its own documents (those directly in it) into consecutive parts of at most
/// `pageSize`, `index.html`, `index-2.html`… in path order. A document too large for any page is a
/// part alone. Every build that has the same findings — whole, incremental or merged from shards —
/// lays them out the same way.
struct DriftReportLayout: Sendable {
    /// The findings of one locale and where they are.
    struct Locale: Sendable {
        var locale: String
        /// Its rows with findings, in path order (see `init`).
        var rows: [DriftReport.Row]
        /// Its parts in path order; one, at the locale's page, when they fit there.
        var parts: [Part]
        var isSplit: Bool { parts.count > 1 || parts.first?.path != DriftReportLayout.localePath(locale) }
    }

    /// One page of findings.
    struct Part: Sendable {
        var locale: String
        /// The folder its documents are in (below the locale), `""` for the locale's root.
        var folder: String
        /// Its place among the parts of the folder's own documents (1-based) and how many they are;
        /// 1 of 1 for a folder shown whole.
        var number = 1
        var count = 1
        var path: String
        var rows: [DriftReport.Row]
    }

    let locales: [Locale]
    /// The page of each row, by the row's anchor.
    private let pageOfRow: [String: String]

    /// The layout of the findings of `report` in `locales`; a document's current edition (`sourceEdition`)
    /// before its others.
    init(report: DriftReport, locales: [String], sourceEdition: String, pageSize: Int) {
        let byLocale = Dictionary(grouping: report.rows.filter { !$0.findings.isEmpty }, by: \.locale)
        let order = { (row: DriftReport.Row) in (row.tutorial, row.edition == sourceEdition ? "" : row.edition, row.document) }
        self.locales = locales.map { locale in
            let rows = (byLocale[locale] ?? []).sorted { order($0) < order($1) }
            // Each row weighed and its folders found once, on all cores: the layout asks for them at
            // every level of folders it splits (a corpus's locale: tens of thousands of findings).
            let weighed = rows.concurrentMap { Weighed(row: $0, folders: Self.folders(of: $0), weight: Self.weight($0)) }
            let whole = weighed.reduce(0) { $0 + $1.weight }
            let parts = whole <= pageSize
                ? [Part(locale: locale, folder: "", path: Self.localePath(locale), rows: rows)]
                : Self.split(weighed, locale: locale, pageSize: pageSize)
            return Locale(locale: locale, rows: rows, parts: parts)
        }
        var pages: [String: String] = [:]
        for part in self.locales.flatMap(\.parts) {
            for row in part.rows { pages[DriftReportPageBuilder.anchor(row)] = part.path }
        }
        pageOfRow = pages
    }

    /// The page (relative to the site root) that shows the findings of `row`; nil when it has none.
    func page(of row: DriftReport.Row) -> String? { pageOfRow[DriftReportPageBuilder.anchor(row)] }

    /// Every page of findings, in order.
    var parts: [Part] { locales.flatMap(\.parts) }

    /// The page of a locale's findings (or of their overview, when they are split).
    static func localePath(_ locale: String) -> String { "\(locale)/drift-report.html" }

    /// A row with its folders and weight.
    private struct Weighed {
        var row: DriftReport.Row
        var folders: [String]
        var weight: Int
    }

    /// `rows` as parts laid out by folder (see `FolderLayout`).
    private static func split(_ rows: [Weighed], locale: String, pageSize: Int) -> [Part] {
        FolderLayout(folders: { $0.folders }, weight: { $0.weight }, pageSize: pageSize).parts(rows).map { part in
            Part(locale: locale, folder: part.folder.joined(separator: "/"), number: part.number, count: part.count,
                 path: part.path(under: [locale, "drift"]), rows: part.items.map(\.row))
        }
    }

    /// The folders of a row's document below its locale.
    static func folders(of row: DriftReport.Row) -> [String] {
        row.tutorial.slashSeparatedParts().dropLast().map(String.init)
    }

    /// About how many bytes of HTML a row's findings take on a page.
    static func weight(_ row: DriftReport.Row) -> Int {
        row.findings.reduce(320 + 3 * escaped(row.tutorial)) { total, finding in
            total + 130 + escaped(finding.message) + escaped(finding.location) + finding.diff.reduce(0) { $0 + 30 + escaped($1.text) }
        }
    }

    /// The length of `text` escaped as HTML.
    private static func escaped(_ text: String) -> Int {
        text.utf8.reduce(0) { count, byte in
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"): count + 4
            case UInt8(ascii: "&"), UInt8(ascii: "'"): count + 5
            case UInt8(ascii: "\""): count + 6
            default: count + 1
            }
        }
    }
}
