import DocFXDialect
import Foundation
import StepwiseDiagnostics
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
        /// What each page's sidebar, breadcrumbs and pager read of the tree, worked out once for all
        /// its pages (a table of thousands of entries would otherwise be walked again for each).
        let outline: Outline

        init(locale: String, folder: String, entries: [Entry]) {
            self.locale = locale
            self.folder = folder
            self.entries = entries
            outline = Outline(entries)
        }
    }

    /// A tree of entries numbered in depth-first order (an entry, then its children's subtrees).
    struct Outline: Sendable {
        /// How many entries each entry's subtree has, itself included, by number.
        private(set) var sizes: [Int] = []
        /// Every entry, by number.
        private(set) var entries: [Entry] = []
        /// By tutorial path: the numbers of the entries that hold the page (its own entries and every
        /// group above them).
        private(set) var holders: [String: Set<Int>] = [:]
        /// By tutorial path: the numbers of the entries from the top down to the page's first entry.
        private(set) var trails: [String: [Int]] = [:]
        /// The pages the tree lists, in order, each once, with the title of its first entry; and the
        /// position of each.
        private(set) var pages: [(page: Tutorial, title: String)] = []
        private(set) var positions: [String: Int] = [:]

        init(_ top: [Entry]) {
            var above: [Int] = []
            func number(_ entries: [Entry]) {
                for entry in entries {
                    let id = self.entries.count
                    self.entries.append(entry)
                    sizes.append(1)
                    if case .page(let target, _) = entry.target {
                        let path = target.tutorialPath
                        holders[path, default: []].formUnion(above + [id])
                        if trails[path] == nil {
                            trails[path] = above + [id]
                            positions[path] = pages.count
                            pages.append((target, entry.title))
                        }
                    }
                    above.append(id)
                    number(entry.children)
                    above.removeLast()
                    sizes[id] = self.entries.count - id
                }
            }
            number(top)
        }
    }

    let plan: SitePlan
    let tables: [Table]
    /// The table of each listed page, by `locale/tutorialPath`.
    private let tableOfPage: [String: Int]
    /// The locales that have a table of contents.
    let localesWithTables: Set<String>
    /// The current-edition documents of each `locale/folder`, sorted by title then path.
    private let folders: [String: [Tutorial]]
    /// Each of those documents' place in its folder's list, by `locale/tutorialPath`: a page finds
    /// itself without comparing every other page of its folder (a folder may hold a thousand).
    private let folderPositions: [String: Int]

    /// Deeper entries than this are shown flat under their ancestor at this depth.
    static let maximumDepth = 16

    /// The navigation of `pages` (those a page's navigation is asked for: it reads only its own
    /// locale's tables and its own folder's pages); nil: of every page. A build that renders a few
    /// pages again sorts only their folders, not every folder of their locales.
    init(navigation: SiteNavigation, plan: SitePlan, pages: [Tutorial]? = nil) {
        self.plan = plan
        let locales = pages.map { Set($0.map(\.locale)) }
        let folderKeys = pages.map { Set($0.map { Self.folderKey($0) }) }
        tables = navigation.tables.filter { locales?.contains($0.locale) ?? true }.map { table in
            let resolver = LinkResolver(plan: plan, pagePath: "", locale: table.locale, documentPath: table.documentPath)
            return Table(locale: table.locale, folder: table.folder, entries: Self.resolve(table.contents.entries, resolver: resolver, depth: 0))
        }
        var best: [String: Int] = [:]
        for (index, table) in tables.enumerated() {
            for (page, _) in table.outline.pages {
                let tutorialPath = page.tutorialPath
                let key = table.locale + "/" + tutorialPath
                if let current = best[key], Self.closeness(tables[current].folder, to: tutorialPath) >= Self.closeness(table.folder, to: tutorialPath) { continue }
                best[key] = index
            }
        }
        tableOfPage = best
        localesWithTables = Set(tables.map(\.locale))
        // Grouped by position in the plan, each page copied once, into its sorted folder.
        var grouped: [String: [Int]] = [:]
        for (position, tutorial) in plan.tutorials.enumerated() where plan.isCurrent(tutorial) {
            let key = Self.folderKey(tutorial)
            guard folderKeys?.contains(key) ?? true else { continue }
            grouped[key, default: []].append(position)
        }
        folders = grouped.mapValues { positions in
            // Each page's sort key computed once, not in every comparison.
            positions.map { (title: Self.title(of: plan.tutorials[$0]), path: plan.tutorials[$0].tutorialPath, position: $0) }
                .sorted { ($0.title, $0.path) < ($1.title, $1.path) }.map { plan.tutorials[$0.position] }
        }
        var positions: [String: Int] = [:]
        for (folder, pages) in folders {
            let locale = folder.prefix { $0 != "/" }
            for (position, page) in pages.enumerated() where positions[locale + "/" + page.tutorialPath] == nil {
                positions[locale + "/" + page.tutorialPath] = position
            }
        }
        folderPositions = positions
    }

    /// `locale/folder` of a page: the key of its folder's pages.
    private static func folderKey(_ tutorial: Tutorial) -> String {
        tutorial.locale + "/" + folder(of: tutorial.tutorialPath)
    }

    /// The table that lists `tutorial`'s page, if any.
    func table(of tutorial: Tutorial) -> Table? {
        tableOfPage[tutorial.locale + "/" + tutorial.tutorialPath].map { tables[$0] }
    }

    /// The current-edition pages in `tutorial`'s folder and locale, and the first of them that is the
    /// tutorial's (nil: none is).
    func folderPages(of tutorial: Tutorial) -> (pages: [Tutorial], position: Int?) {
        (folders[Self.folderKey(tutorial)] ?? [], folderPositions[tutorial.locale + "/" + tutorial.tutorialPath])
    }

    /// A page's title in navigation: its header's title (which a shard knows of every document without
    /// modelling it), else its file name.
    static func title(of tutorial: Tutorial) -> String {
        if let title = tutorial.metadata.title?.trimmingWhitespaces(), !title.isEmpty { return title }
        return SitePlan.pageName(tutorial.tutorialPath)
    }

    static func folder(of tutorialPath: String) -> String {
        tutorialPath.slashSeparatedParts().dropLast().joined(separator: "/")
    }

    /// How much of `tutorialPath`'s folder `folder` shares: the table nearest the page wins.
    private static func closeness(_ folder: String, to tutorialPath: String) -> Int {
        let own = folder.slashSeparatedParts(), page = tutorialPath.slashSeparatedParts().dropLast()
        guard page.starts(with: own) else { return -1 }
        return own.count
    }

    private static func resolve(_ entries: [TableOfContents.Entry], resolver: LinkResolver, depth: Int) -> [Entry] {
        entries.map { entry in
            let children = depth < maximumDepth ? resolve(entry.children, resolver: resolver, depth: depth + 1) : []
            return Entry(title: entry.title, target: entry.href.map(resolver.target), children: children)
        }
    }
}
