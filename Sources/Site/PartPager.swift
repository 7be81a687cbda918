/// A link of a page's breadcrumbs or pager: its title, and where it leads (none: the page itself).
struct PartLink: Encodable {
    var title: String
    var href: String?
}

/// The previous and next parts of a page split into parts (the drift report, the site index, a
/// locale's status).
struct PartPager: Encodable {
    var previous: PartLink?
    var next: PartLink?

    /// The pager of part `index` of `parts` (each its title and path), its links from that part.
    init(_ index: Int, of parts: [(title: String, path: String)]) {
        func link(_ other: Int) -> PartLink? {
            guard parts.indices.contains(other) else { return nil }
            return PartLink(title: parts[other].title, href: SitePlan.href(from: parts[index].path, to: parts[other].path))
        }
        previous = link(index - 1)
        next = link(index + 1)
    }
}
