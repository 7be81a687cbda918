import StepwiseDiagnostics
import TutorialModel

extension TutorialPageBuilder {
    /// The page's place in the site: its table of contents as a sidebar (the page current, the
    /// sections holding it open), breadcrumbs and the previous and next pages; a page no table lists
    /// gets its folder's pages, with a note when its locale has tables.
    func navigation(for tutorial: Tutorial, path: String) -> NavigationView? {
        guard let index = navigationIndex, plan.isCurrent(tutorial) else { return nil }
        if let table = index.table(of: tutorial) {
            var view = NavigationView()
            let outline = table.outline
            var next = 0
            view.items = lines(table.entries, numbered: &next, in: outline, tutorial: tutorial, path: path)
            view.breadcrumbs = trail(to: tutorial, in: outline, path: path)
            let order = outline.pages
            if let position = outline.positions[tutorial.tutorialPath] {
                view.previous = position > 0 ? crumb(order[position - 1].page, title: order[position - 1].title, from: path) : nil
                view.next = position + 1 < order.count ? crumb(order[position + 1].page, title: order[position + 1].title, from: path) : nil
            }
            return view
        }
        let (pages, position) = index.folderPages(of: tutorial)
        var view = NavigationView()
        // The page's own title from its model; the others' from their headers (what a shard knows of them).
        let shown = Self.window(pages, around: position)
        view.items = shown.items.map { page in
            let current = page.tutorialPath == tutorial.tutorialPath
            return NavLine(title: current ? tutorial.title : NavigationIndex.title(of: page), href: SitePlan.href(from: path, to: plan.path(of: page)), current: current)
        }
        if shown.before { view.items.insert(NavLine(title: "…"), at: 0) }
        if shown.after { view.items.append(NavLine(title: "…")) }
        view.breadcrumbs = NavigationIndex.folder(of: tutorial.tutorialPath).slashSeparatedParts().map { Crumb(title: String($0), href: nil) }
        if let position {
            view.previous = position > 0 ? crumb(pages[position - 1], title: NavigationIndex.title(of: pages[position - 1]), from: path) : nil
            view.next = position + 1 < pages.count ? crumb(pages[position + 1], title: NavigationIndex.title(of: pages[position + 1]), from: path) : nil
        }
        view.note = index.localesWithTables.contains(tutorial.locale) ? strings["navigationNotListed"] : nil
        return view
    }

    private func crumb(_ tutorial: Tutorial, title: String, from path: String) -> Crumb {
        Crumb(title: title, href: SitePlan.href(from: path, to: plan.path(of: tutorial)))
    }

    /// The sidebar lines of a tree: a group opens a `<details>` (open when it holds the page) that the
    /// last line below it closes. `next`: the number (in `outline`) of the first of `entries`.
    private func lines(_ entries: [NavigationIndex.Entry], numbered next: inout Int, in outline: NavigationIndex.Outline,
                       tutorial: Tutorial, path: String) -> [NavLine] {
        var result: [NavLine] = []
        let holders = outline.holders[tutorial.tutorialPath] ?? []
        for entry in entries {
            let id = next
            next += 1
            var line = self.line(entry, tutorial: tutorial, path: path)
            guard !entry.children.isEmpty else {
                result.append(line)
                continue
            }
            // Pruned as large documentation sites prune (MkDocs Material's navigation.prune): only the
            // groups on the way to the page are expanded; another group is one line that leads to its
            // first page, so a page's sidebar grows with the depth of its table, not with its size.
            guard holders.contains(id) else {
                if line.href == nil, let first = firstPage(entry.children) {
                    line.href = SitePlan.href(from: path, to: plan.path(of: first))
                }
                line.collapsed = true
                result.append(line)
                next = id + outline.sizes[id]
                continue
            }
            line.isGroup = true
            line.open = true
            result.append(line)
            result += lines(entry.children, numbered: &next, in: outline, tutorial: tutorial, path: path)
            result[result.count - 1].closes.append(0)
        }
        return result
    }

    private func firstPage(_ entries: [NavigationIndex.Entry]) -> Tutorial? {
        for entry in entries {
            if case .page(let target, _) = entry.target { return target }
            if let below = firstPage(entry.children) { return below }
        }
        return nil
    }

    /// The pages of a folder shown in the sidebar of a page no table lists: the page and its nearest
    /// neighbours (a folder of hundreds of pages would otherwise repeat them all on each of its pages).
    static func window<T>(_ items: [T], around position: Int?, radius: Int = 12) -> (items: ArraySlice<T>, before: Bool, after: Bool) {
        guard let position, items.count > 2 * radius + 1 else { return (items[...], false, false) }
        let lower = max(0, min(position - radius, items.count - 2 * radius - 1))
        let upper = min(items.count, lower + 2 * radius + 1)
        return (items[lower..<upper], lower > 0, upper < items.count)
    }

    private func line(_ entry: NavigationIndex.Entry, tutorial: Tutorial, path: String) -> NavLine {
        switch entry.target {
        case .page(let target, let fragment):
            let href = SitePlan.href(from: path, to: plan.path(of: target)) + (fragment.map(LinkResolver.fragmentHref) ?? "")
            return NavLine(title: entry.title, href: href, current: target.tutorialPath == tutorial.tutorialPath)
        case .external(let url): return NavLine(title: entry.title, href: url, external: true)
        case .externalDocument(let name, let fragment):
            return NavLine(title: entry.title, href: plan.configuration.docsURL(name: name, locale: tutorial.locale) + (fragment.map { "#" + $0 } ?? ""), external: true)
        case .missing(let written): return NavLine(title: entry.title, broken: written)
        case .other(let written): return NavLine(title: entry.title, href: written)
        case .samePage, .unsafe, nil: return NavLine(title: entry.title)
        }
    }

    /// The entries from the top of the tree down to the page's first entry, as breadcrumbs.
    private func trail(to tutorial: Tutorial, in outline: NavigationIndex.Outline, path: String) -> [Crumb] {
        (outline.trails[tutorial.tutorialPath] ?? []).map { id in
            let entry = outline.entries[id]
            let line = self.line(entry, tutorial: tutorial, path: path)
            return Crumb(title: entry.title, href: line.current ? nil : line.href)
        }
    }
}

/// The navigation of a page: sidebar lines, breadcrumbs, previous and next.
struct NavigationView: Encodable {
    var items: [NavLine] = []
    var breadcrumbs: [Crumb] = []
    var previous: Crumb?
    var next: Crumb?
    /// Shown when the page is not in its locale's tables of contents.
    var note: String?
    var hasPager: Bool { previous != nil || next != nil }

    enum CodingKeys: String, CodingKey { case items, breadcrumbs, previous, next, note, hasPager }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(breadcrumbs, forKey: .breadcrumbs)
        try container.encodeIfPresent(previous, forKey: .previous)
        try container.encodeIfPresent(next, forKey: .next)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(hasPager, forKey: .hasPager)
    }
}

/// One line of the sidebar: an entry, or a group that opens a `<details>`; `closes` has one element
/// per group this line is the last of.
struct NavLine: Encodable {
    var title: String
    var href: String?
    var current = false
    var external = false
    /// The tutorial path a broken entry names.
    var broken: String?
    var isGroup = false
    var open = false
    /// A group that does not hold the page: one line leading to its first page, its entries not shown.
    var collapsed = false
    var closes: [Int] = []
}

struct Crumb: Encodable {
    var title: String
    var href: String?
}
