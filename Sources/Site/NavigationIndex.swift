import DocFXDialect
import Foundation
import TutorialModel

/// The site's tables of contents resolved once against the plan: each entry's target, and for every
/// page the table that lists it (the one nearest its folder). A page's sidebar then shows its own
/// table's tree, never the whole locale; a page no table lists falls back to its folder's pages.
struct NavigationIndex: Sendable {
    /// An entry with what its link resolves to.
    struct Entry: Sendable {
        var title: String
        var target: LinkResolver.Target?
        var children: [Entry]
    }

    struct Table: Sendable {
        var locale: String
        var folder: String
        var entries: [Entry]
    }

    let plan: SitePlan
    let tables: [Table]
    /// The table of each listed page, by `locale/tutorialPath`.
    private let tableOfPage: [String: Int]
    /// The locales that have a table of contents.
    let localesWithTables: Set<String>
    /// The current-edition documents of each `locale/folder`, sorted by title then path.
    private let folders: [String: [Tutorial]]

    /// Deeper entries than this are shown flat under their ancestor at this depth.
    static let maximumDepth = 16

    init(navigation: SiteNavigation, plan: SitePlan) {
        self.plan = plan
        tables = navigation.tables.map { table in
            let resolver = LinkResolver(plan: plan, pagePath: "", locale: table.locale, documentPath: table.documentPath)
            return Table(locale: table.locale, folder: table.folder, entries: Self.resolve(table.contents.entries, resolver: resolver, depth: 0))
        }
        var best: [String: Int] = [:]
        for (index, table) in tables.enumerated() {
            for tutorialPath in Self.pages(table.entries) {
                let key = table.locale + "/" + tutorialPath
                if let current = best[key], Self.closeness(tables[current].folder, to: tutorialPath) >= Self.closeness(table.folder, to: tutorialPath) { continue }
                best[key] = index
            }
        }
        tableOfPage = best
        localesWithTables = Set(tables.map(\.locale))
        let current = plan.tutorials.filter(plan.isCurrent)
        folders = Dictionary(grouping: current, by: { $0.locale + "/" + Self.folder(of: $0.tutorialPath) })
            .mapValues { pages in
                // Each page's sort key computed once, not in every comparison.
                pages.map { (title: Self.title(of: $0), path: $0.tutorialPath, page: $0) }.sorted { ($0.title, $0.path) < ($1.title, $1.path) }.map(\.page)
            }
    }

    /// The table that lists `tutorial`'s page, if any.
    func table(of tutorial: Tutorial) -> Table? {
        tableOfPage[tutorial.locale + "/" + tutorial.tutorialPath].map { tables[$0] }
    }

    /// The current-edition pages in `tutorial`'s folder and locale.
    func folderPages(of tutorial: Tutorial) -> [Tutorial] {
        folders[tutorial.locale + "/" + Self.folder(of: tutorial.tutorialPath)] ?? []
    }

    /// A page's title in navigation: its header's title (which a shard knows of every document without
    /// modelling it), else its file name.
    static func title(of tutorial: Tutorial) -> String {
        if let title = tutorial.metadata.title?.trimmingCharacters(in: .whitespaces), !title.isEmpty { return title }
        return SitePlan.pageName(tutorial.tutorialPath)
    }

    static func folder(of tutorialPath: String) -> String {
        tutorialPath.split(separator: "/").dropLast().joined(separator: "/")
    }

    /// How much of `tutorialPath`'s folder `folder` shares: the table nearest the page wins.
    private static func closeness(_ folder: String, to tutorialPath: String) -> Int {
        let own = folder.split(separator: "/"), page = tutorialPath.split(separator: "/").dropLast()
        guard page.starts(with: own) else { return -1 }
        return own.count
    }

    private static func resolve(_ entries: [TableOfContents.Entry], resolver: LinkResolver, depth: Int) -> [Entry] {
        entries.map { entry in
            let children = depth < maximumDepth ? resolve(entry.children, resolver: resolver, depth: depth + 1) : []
            return Entry(title: entry.title, target: entry.href.map(resolver.target), children: children)
        }
    }

    /// The tutorial paths an entry tree lists, in order.
    private static func pages(_ entries: [Entry]) -> [String] {
        entries.flatMap { entry -> [String] in
            var own: [String] = []
            if case .page(let tutorial, _) = entry.target { own.append(tutorial.tutorialPath) }
            return own + pages(entry.children)
        }
    }
}
