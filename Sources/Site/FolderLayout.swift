/// Items laid out on pages by folder, deterministically, from the items alone, so that no page grows
/// with the site: a folder whose items fit in `pageSize` (estimated bytes of their HTML, by `weight`)
/// is one part; a folder that does not is split into its subfolders, and its own items (those directly
/// in it) into consecutive parts of at most `pageSize`, in order. An item too large for any page is a
/// part alone. The drift report's parts and the site index's are laid out this way.
struct FolderLayout<Item> {
    /// One page of items.
    struct Part {
        /// The folder its items are in (below the root of the layout), `[]` for the root.
        var folder: [String]
        /// Its place among the parts of the folder's own items (1-based) and how many they are; 1 of 1
        /// for a folder shown whole.
        var number = 1
        var count = 1
        var items: [Item]
    }

    /// The folders of an item, outermost first.
    var folders: (Item) -> [String]
    var weight: (Item) -> Int
    var pageSize: Int

    /// `items` (in order) as parts, in folder order.
    func parts(_ items: [Item]) -> [Part] {
        split(items, depth: 0, folder: [])
    }

    /// `items` (all below `folder`, `depth` its number of segments) as parts: each subfolder whole when
    /// it fits, split again when it does not; the folder's own items in consecutive parts.
    private func split(_ items: [Item], depth: Int, folder: [String]) -> [Part] {
        var own: [Item] = []
        var children: [String: [Item]] = [:]
        for item in items {
            let segments = folders(item)
            if segments.count > depth { children[segments[depth], default: []].append(item) } else { own.append(item) }
        }
        let runs = own.runs(maximum: pageSize, size: weight)
        var parts = runs.enumerated().map { index, run in Part(folder: folder, number: index + 1, count: runs.count, items: run) }
        for name in children.keys.sorted() {
            let items = children[name] ?? []
            if items.reduce(0, { $0 + weight($1) }) <= pageSize {
                parts.append(Part(folder: folder + [name], items: items))
            } else {
                parts += split(items, depth: depth + 1, folder: folder + [name])
            }
        }
        return parts
    }
}

extension FolderLayout.Part {
    /// `articles/storage/` or `articles/ (part 2 of 3)`, in the page's strings.
    func label(_ strings: [String: String]) -> String {
        let name = folder.isEmpty ? strings["driftRootFolder"] ?? "(top level)" : folder.joined(separator: "/") + "/"
        guard count > 1 else { return name }
        let number = (strings["driftPartNumber"] ?? "part {number} of {count}")
            .replacingEvery("{number}", with: "\(self.number)").replacingEvery("{count}", with: "\(count)")
        return "\(name) (\(number))"
    }

    /// `<prefix>/<folder>/index.html`, `index-<n>.html` from the second part on.
    func path(under prefix: [String]) -> String {
        let name = number == 1 ? "index.html" : "index-\(number).html"
        return (prefix + folder + [name]).joined(separator: "/")
    }
}
