public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A walk through a folder's tree with `opendir`/`readdir`: each entry's path and kind read from the
/// folder listing, no `URL` or file attributes made per entry (a content tree of 17,000 files is
/// walked several times by a warm run). Symbolic links are entries, never followed.
public enum FolderWalk {
    /// An entry of the tree.
    public struct Entry {
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
    public static func walk(_ folder: String, unreadable: (String) -> Void = { _ in }, _ visit: (Entry) -> Bool) {
        var pending = [folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder]
        while let current = pending.popLast() {
            guard let directory = opendir(current) else {
                unreadable(current)
                continue
            }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                    String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard name != ".", name != ".." else { continue }
                let path = current == "/" ? "/" + name : current + "/" + name
                let isFolder = Self.isFolder(type: entry.pointee.d_type, path: path)
                if visit(Entry(path: path, name: name, isFolder: isFolder)), isFolder { pending.append(path) }
            }
        }
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
