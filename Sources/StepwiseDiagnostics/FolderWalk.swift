public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A walk through a folder's tree with `opendir`/`readdir`: each entry's path and kind read from the
/// folder listing, no `URL` or file attributes made per entry (a content tree of 17,000 files is
/// walked several times by a warm run). Symbolic links are entries, never followed.
public enum FolderWalk {
    /// An entry of the tree.
    public struct Entry: Sendable {
        /// The entry's path: the walked folder's path, then the names below it, joined by `/`.
        public var path: String
        /// The last component of `path`.
        public var name: String
        /// True for a folder (not a link to one).
        public var isFolder: Bool
    }

    /// Visits every entry below `folder` (not `folder` itself), a folder before what it holds, each
    /// folder's entries in no particular order; a folder is entered only when `visit` returns true for
    /// it. `unreadable` is given each folder that cannot be listed (the walk goes on with the others).
    /// With `tree`, a folder it holds (see `FolderTree.holds`) is walked as the tree recorded it, with no
    /// look at the disk.
    public static func walk(_ folder: String, in tree: FolderTree? = nil, unreadable: (String) -> Void = { _ in }, _ visit: (Entry) -> Bool) {
        let start = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        if let tree, tree.holds(start) {
            tree.walk(start, unreadable: unreadable, visit)
            return
        }
        var pending = [start]
        while let current = pending.popLast() {
            guard let entries = entries(of: current) else {
                unreadable(current)
                continue
            }
            for entry in entries where visit(entry) && entry.isFolder { pending.append(entry.path) }
        }
    }

    /// The entries of `folder` (a path without a trailing `/`), in the order the disk lists them; nil
    /// when it cannot be listed.
    static func entries(of folder: String) -> [Entry]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            entries.append(Entry(path: path, name: name, isFolder: Self.isFolder(type: entry.pointee.d_type, path: path)))
        }
        return entries
    }

    /// Whether the entry is a folder, from the listing's type (`lstat` when the file system gives none).
    private static func isFolder(type: UInt8, path: String) -> Bool {
        if type != UInt8(DT_UNKNOWN) { return type == UInt8(DT_DIR) }
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `name` ends with the extension `pathExtension` (lower case), in any case, as
    /// `URL.pathExtension` reads it: after the last dot, when the dot is not the name's first character.
    public static func hasExtension(_ name: String, _ pathExtension: String) -> Bool {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return false }
        let tail = bytes[bytes.index(after: dot)...]
        return tail.count == pathExtension.utf8.count && zip(tail, pathExtension.utf8).allSatisfy { $0.asciiLowercased == $1 }
    }
}

/// A folder tree as one walk of it found it (`FolderWalk.walk`, every folder entered): each folder's
/// entries in the order the disk listed them, and the folders that could not be listed. A run lists
/// its content once, when it starts (`RunRecord.Listing`), and every later walk of a folder in the
/// tree replays that listing: the run sees one set of files, and the disk is not walked again for
/// each of the documents, the cache's plan, the sources and the link check (five walks of a
/// corpus's 15,000 files).
public final class FolderTree: Sendable {
    /// Each folder walked, by path: its entries.
    private let folders: [String: [FolderWalk.Entry]]
    /// The folders that could not be listed.
    private let unreadable: Set<String>

    /// Walks each of `roots` (folders; one that is not is recorded unreadable) to its last folder.
    public init(walking roots: [String]) {
        var folders: [String: [FolderWalk.Entry]] = [:]
        var unreadable = Set<String>()
        for root in roots {
            var pending = [root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root]
            while let current = pending.popLast() {
                guard folders[current] == nil, !unreadable.contains(current) else { continue }
                guard let entries = FolderWalk.entries(of: current) else {
                    unreadable.insert(current)
                    continue
                }
                folders[current] = entries
                pending += entries.lazy.filter(\.isFolder).map(\.path)
            }
        }
        self.folders = folders
        self.unreadable = unreadable
    }

    /// Whether the tree knows what `folder` (a path without a trailing `/`) holds: it was walked, or
    /// found unreadable.
    public func holds(_ folder: String) -> Bool {
        folders[folder] != nil || unreadable.contains(folder)
    }

    /// `FolderWalk.walk` of `folder` (which the tree holds) replayed: the same entries in the same order.
    fileprivate func walk(_ folder: String, unreadable report: (String) -> Void, _ visit: (FolderWalk.Entry) -> Bool) {
        var pending = [folder]
        while let current = pending.popLast() {
            guard let entries = folders[current] else {
                report(current)
                continue
            }
            for entry in entries where visit(entry) && entry.isFolder { pending.append(entry.path) }
        }
    }
}
