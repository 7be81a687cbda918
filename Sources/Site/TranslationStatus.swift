/// Where every document of a locale stands against its source, from the drift checks: the
/// translation-status pages (one per locale, and an overview of all locales).
///
/// Each current page of a translated locale is in exactly one state, the worst its findings' effects
/// (`DriftReport.Effect`, which the checks give each rule) name:
/// its code drifted from the source (or the structure no longer matches), its text is stale (source
/// sentences changed or were never translated, the source is newer), it shows parts of the source
/// in place of missing translated includes (fallback), or it is up to date. A source document that
/// no document of the locale translates is missing; a document the checks found no source for is
/// unpaired.
struct TranslationStatus {
    enum State: String, CaseIterable, Sendable {
        case missing, drifted, stale, fallback, unpaired, current
    }

    /// One document of the locale (or, for `missing`, the source document it lacks).
    struct Entry {
        var state: State
        var row: DriftReport.Row
        /// The source's row, when the document has one.
        var source: DriftReport.Row?
        /// Findings by rule id, for the states that have them.
        var rules: [String: Int]
    }

    /// The locales other than the default one, in plan order.
    let locales: [String]
    /// Each locale's entries, sorted by tutorial path.
    let entries: [String: [Entry]]

    init(report: DriftReport, plan: SitePlan) {
        let configuration = plan.configuration
        let current = report.rows.filter { $0.edition == configuration.sourceEdition }
        let sources = current.filter { $0.locale == configuration.defaultLocale }
        let sourceByDocument = Dictionary(sources.map { ($0.document, $0) }, uniquingKeysWith: { first, _ in first })
        let sourceByPath = Dictionary(sources.map { ($0.tutorial, $0) }, uniquingKeysWith: { first, _ in first })
        let byLocale = Dictionary(grouping: current.filter { $0.locale != configuration.defaultLocale }, by: \.locale)
        locales = plan.locales.filter { $0 != configuration.defaultLocale }
        var entries: [String: [Entry]] = [:]
        for locale in locales {
            var found: [Entry] = []
            var translated = Set<String>()
            for row in byLocale[locale] ?? [] {
                let source = row.sourceDocument.flatMap { sourceByDocument[$0] } ?? sourceByPath[row.tutorial]
                if let source { translated.insert(source.document) }
                found.append(Self.entry(row, source: source))
            }
            for source in sources where !translated.contains(source.document) {
                found.append(Entry(state: .missing, row: source, source: source, rules: [:]))
            }
            entries[locale] = found.sorted { ($0.row.tutorial, $0.row.document) < ($1.row.tutorial, $1.row.document) }
        }
        self.entries = entries
    }

    private static func entry(_ row: DriftReport.Row, source: DriftReport.Row?) -> Entry {
        let rules = row.findings.reduce(into: [String: Int]()) { $0[$1.rule, default: 0] += 1 }
        let effects = Set(row.findings.compactMap(\.effect))
        let state: State
        if source == nil {
            state = .unpaired
        } else if effects.contains(.drifted) {
            state = .drifted
        } else if effects.contains(.stale) {
            state = .stale
        } else if effects.contains(.fallback) {
            state = .fallback
        } else {
            state = .current
        }
        return Entry(state: state, row: row, source: source, rules: rules)
    }

    /// The page of a locale's status.
    static func path(of locale: String) -> String { "\(locale)/status.html" }
}
