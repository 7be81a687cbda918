import StepwiseDiagnostics

/// What `status.mustache` renders: the translation status of one locale, or of every locale.
struct StatusPageView: Encodable {
    var chrome: PageChrome
    /// Where a part of a split locale is (nothing on the locale's page and the overview).
    var breadcrumbs: [PartLink] = []
    /// The part's folder (a part), shown after the title.
    var part: String?
    /// The locale's own name (a locale page), nil on the overview.
    var language: String?
    /// The states, as the counts' column headings.
    var columns: [Count]
    /// Per locale (the overview) or the one locale: counts per state.
    var locales: [LocaleRow]
    /// The locale page's lists, one per state that has entries, in state order.
    var groups: [Group]
    /// The parts of a split locale, each with its counts (the locale's page of a large site).
    var parts: [LocaleRow] = []
    var driftReportHref: String
    /// The previous and next parts (a part).
    var pager: PartPager?

    struct LocaleRow: Encodable {
        var locale: String
        var name: String
        /// The locale's status page (on the overview).
        var page: String?
        var total: Int
        var counts: [Count]
    }

    struct Count: Encodable {
        var state: String
        var label: String
        var count: Int
        /// The list of the state on the locale's page (none when empty).
        var link: String?
        /// Whether the count is not zero (zero is not coloured).
        var marked: Bool
    }

    struct Group: Encodable {
        var id: String
        var state: String
        var label: String
        var count: Int
        /// Up-to-date pages are listed folded (they need nothing).
        var folded: Bool
        var entries: [Entry]
    }

    struct Entry: Encodable {
        var title: String
        /// The title's language when it is not the page's (a missing page shows its source's title).
        var lang: String?
        var href: String?
        var path: String
        var sourceTitle: String?
        var sourceLang: String?
        var sourceHref: String?
        /// `code-drift ×2, sentence-stale ×5`.
        var rules: String?
        /// The page's findings on the drift report.
        var reportHref: String?
    }
}

/// The bytes of status pages and of their entries as the templates render them: what a split
/// locale's parts are laid out by.
struct StatusPageMeasure {
    var page: (StatusPageView) -> Int
    /// The bytes of each entry as its list renders it: its fields, and the page's strings as `chrome.strings`.
    var entries: ([StatusPageView.Entry], _ strings: [String: String]) -> [Int]

    /// Measures with `renderer` (`status.mustache`, its entries with `status-entry.mustache`).
    init(_ renderer: SiteRenderer) {
        page = { (try? renderer.render($0, template: "status").count) ?? 0 }
        entries = { entries, strings in
            // The strings every entry reads, made a template value once for all of them.
            let chrome = TemplateValue.object(["chrome": .object(["strings": .object(TemplateFields(strings.mapValues(TemplateValue.string)))])])
            return entries.map { (try? renderer.render($0, template: "status-entry", context: [chrome]).count) ?? 0 }
        }
    }
}

/// Prepares the translation-status pages.
struct StatusPageBuilder {
    var plan: SitePlan
    var interface: InterfaceStrings
    var status: TranslationStatus
    /// Where the drift report shows each page's findings.
    var report: DriftReportLayout?

    /// The overview of every locale, at `status.html`, in the default locale's strings.
    func overview(strings: [String: String], chrome: PageChrome) -> StatusPageView {
        StatusPageView(
            chrome: chrome, language: nil, columns: Self.columns(strings),
            locales: status.locales.map { locale in
                row(locale, entries: status.entries[locale] ?? [], strings: strings, from: "status.html", page: TranslationStatus.path(of: locale), anchors: false)
            },
            groups: [], driftReportHref: DriftReportPageBuilder.overviewPath)
    }

    /// The status pages of `locale`, in its own strings: `<locale>/status.html` showing every page while
    /// they fit in `pageSize`; otherwise it shows the counts and the parts, laid out by folder (see
    /// `FolderLayout`) at `<locale>/status/<folder>/index.html` (`index-2.html`…), each listing its pages
    /// by state between the previous and next parts.
    func pages(
        _ locale: String, strings: [String: String], pageSize: Int, measure: StatusPageMeasure, chrome: (String, String?) -> PageChrome
    ) -> [(path: String, view: StatusPageView)] {
        let path = TranslationStatus.path(of: locale)
        let entries = status.entries[locale] ?? []
        let folders = { (entry: TranslationStatus.Entry) in entry.row.tutorial.slashSeparatedParts().dropLast().map(String.init) }
        // Each entry weighs what it renders to on the deepest part it could be on (the longest links),
        // within what a part holds besides its lists.
        let weights = measure.entries(entries.map { entry in
            self.entry(entry, from: FolderLayout<Int>.Part(folder: folders(entry), items: []).path(under: [locale, "status"]))
        }, strings)
        let budget = pageSize - measure.page(frame(locale, entries: entries, strings: strings, chrome: chrome))
        var page = view(locale, entries: entries, strings: strings, path: path, chrome: chrome(path, nil))
        guard weights.reduce(0, +) > budget else { return [(path, page)] }
        let layout = FolderLayout<Int>(folders: { folders(entries[$0]) }, weight: { weights[$0] }, pageSize: budget)
        let parts = layout.parts(Array(entries.indices)).map { part in
            FolderLayout<TranslationStatus.Entry>.Part(folder: part.folder, number: part.number, count: part.count, items: part.items.map { entries[$0] })
        }
        let paths = parts.map { $0.path(under: [locale, "status"]) }
        page.groups = []
        // The lists are on the parts: the locale's counts link nowhere on its page.
        for index in page.locales[0].counts.indices { page.locales[0].counts[index].link = nil }
        page.parts = zip(parts, paths).map { part, partPath in
            var row = row(locale, entries: part.items, strings: strings, from: path, page: partPath, anchors: false)
            row.name = part.label(strings)
            return row
        }
        let language = interface.languageName(of: locale)
        return [(path, page)] + parts.indices.map { number in
            let (part, partPath) = (parts[number], paths[number])
            var view = view(locale, entries: part.items, strings: strings, path: partPath, chrome: chrome(partPath, part.label(strings)))
            view.part = part.label(strings)
            view.breadcrumbs = [.init(title: language, href: SitePlan.href(from: partPath, to: path)), .init(title: part.label(strings), href: nil)]
            view.pager = PartPager(number, of: zip(parts, paths).map { ($0.label(strings), $1) })
            return (partPath, view)
        }
    }

    /// A part of `locale` with every list but no entries, at the deepest folder of `entries`, between
    /// two parts named after it: what any part shows besides its entries, or more.
    private func frame(_ locale: String, entries: [TranslationStatus.Entry], strings: [String: String], chrome: (String, String?) -> PageChrome) -> StatusPageView {
        let deepest = entries.map(\.row.tutorial).max { ($0.count { $0 == "/" }, $0.utf8.count) < ($1.count { $0 == "/" }, $1.utf8.count) } ?? ""
        let part = FolderLayout<TranslationStatus.Entry>.Part(
            folder: deepest.slashSeparatedParts().dropLast().map(String.init), number: 99, count: 99, items: [])
        let (path, label) = (part.path(under: [locale, "status"]), part.label(strings))
        var view = view(locale, entries: [], strings: strings, path: path, chrome: chrome(path, label))
        view.groups = TranslationStatus.State.allCases.map { state in
            StatusPageView.Group(id: "status-\(state.rawValue)", state: state.rawValue, label: Self.label(state, strings), count: entries.count, folded: true, entries: [])
        }
        view.part = label
        view.breadcrumbs = [.init(title: interface.languageName(of: locale), href: SitePlan.href(from: path, to: TranslationStatus.path(of: locale))), .init(title: label, href: nil)]
        view.pager = PartPager(1, of: Array(repeating: (label, path), count: 3))
        return view
    }

    /// The page at `path` showing `entries` of `locale`: their counts and lists.
    private func view(_ locale: String, entries: [TranslationStatus.Entry], strings: [String: String], path: String, chrome: PageChrome) -> StatusPageView {
        let grouped = Dictionary(grouping: entries, by: \.state)
        let groups = TranslationStatus.State.allCases.compactMap { state -> StatusPageView.Group? in
            guard let entries = grouped[state], !entries.isEmpty else { return nil }
            return StatusPageView.Group(
                id: "status-\(state.rawValue)", state: state.rawValue, label: Self.label(state, strings), count: entries.count,
                folded: state == .current, entries: entries.map { entry($0, from: path) })
        }
        return StatusPageView(
            chrome: chrome, language: interface.languageName(of: locale), columns: Self.columns(strings),
            locales: [row(locale, entries: entries, strings: strings, from: path, page: path, anchors: true)],
            groups: groups, driftReportHref: SitePlan.href(from: path, to: DriftReportLayout.localePath(locale)))
    }

    /// The counts of `entries` of `locale`, on the page at `path`, each linking to its list on `page`
    /// (on the page itself with `anchors`).
    private func row(_ locale: String, entries: [TranslationStatus.Entry], strings: [String: String], from path: String, page: String, anchors: Bool) -> StatusPageView.LocaleRow {
        let counts = entries.reduce(into: [TranslationStatus.State: Int]()) { $0[$1.state, default: 0] += 1 }
        return StatusPageView.LocaleRow(
            locale: locale, name: interface.languageName(of: locale),
            page: anchors ? nil : SitePlan.href(from: path, to: page),
            total: counts.values.reduce(0, +),
            counts: TranslationStatus.State.allCases.map { state in
                let count = counts[state] ?? 0
                return StatusPageView.Count(
                    state: state.rawValue, label: Self.label(state, strings), count: count,
                    link: count == 0 ? nil : (anchors ? "" : SitePlan.href(from: path, to: page)) + "#status-\(state.rawValue)",
                    marked: count > 0)
            })
    }

    private func entry(_ entry: TranslationStatus.Entry, from path: String) -> StatusPageView.Entry {
        let missing = entry.state == .missing
        let page = plan.variants(of: entry.row.tutorial).first { $0.locale == entry.row.locale }
        let source = entry.source.flatMap { source in plan.variants(of: source.tutorial).first { $0.locale == source.locale } }
        let rules = entry.rules.filter { $0.key != "" }.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        return StatusPageView.Entry(
            title: page?.title ?? entry.row.tutorial,
            lang: missing ? entry.row.locale : nil,
            href: page.map { SitePlan.href(from: path, to: plan.path(of: $0)) },
            path: entry.row.tutorial,
            sourceTitle: missing ? nil : source?.title,
            sourceLang: source?.locale,
            sourceHref: missing ? nil : source.map { SitePlan.href(from: path, to: plan.path(of: $0)) },
            rules: rules.isEmpty || missing ? nil : rules,
            reportHref: missing ? nil : report?.page(of: entry.row).map { SitePlan.href(from: path, to: $0) + "#" + DriftReportPageBuilder.anchor(entry.row) })
    }

    static func columns(_ strings: [String: String]) -> [StatusPageView.Count] {
        TranslationStatus.State.allCases.map { .init(state: $0.rawValue, label: label($0, strings), count: 0, link: nil, marked: false) }
    }

    static func label(_ state: TranslationStatus.State, _ strings: [String: String]) -> String {
        let key = "status" + state.rawValue.prefix(1).uppercased() + state.rawValue.dropFirst()
        return strings[key] ?? state.rawValue
    }
}
