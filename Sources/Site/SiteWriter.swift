public import Foundation
import CAtomicExchange
public import StepwiseDiagnostics
#if canImport(Glibc)
import Glibc
#endif

/// Writes a site atomically inside `generated/`: into a temporary folder first, then swapped in.
///
/// A failed build leaves the previous site intact; nothing outside `generated/` is written.
public struct SiteWriter {
    /// The `generated/` folder.
    public var generated: URL
    /// The site's folder name inside `generated/`.
    public var name: String
    /// Where the site a build replaces is kept, to be written over by the next build rather than
    /// removed (nil: it is removed). Most of a site survives a build: its files are links to the
    /// same files as the site's, and its folders are there, so the next draft makes no folder and
    /// links only the files that changed, and no build removes thousands of files. On the same file
    /// system as `generated/`; safe to delete.
    public var spare: URL?
    /// Told of every file written (not of those linked from the previous site: they are as they were).
    public var observer: (any FileWriteObserver)?
    private let fileManager = FileManager.default

    public init(generated: URL, name: String = "site", spare: URL? = nil) {
        self.generated = generated
        self.name = name
        self.spare = spare
    }

    /// Replaces `generated/<name>` with `files` (paths relative to the site root).
    public func write(_ files: [String: Data]) throws {
        try write { draft in
            for (path, data) in files.sorted(by: { $0.key < $1.key }) { try draft.put(path, data) }
        }
    }

    /// Replaces `generated/<name>` with the files `produce` puts into the draft, each written as it
    /// comes; when `produce` throws, the draft is removed and the previous site stays. When every file
    /// is the previous site's, byte for byte, and the previous site has no other, it is left as it is:
    /// nothing is written.
    @discardableResult
    public func write<Result>(_ produce: (inout Draft) throws -> Result) throws -> Result {
        let (result, old) = try swapped(produce)
        if let old { Self.retire(old, spare: spare) }
        return result
    }

    /// `write(_:)`, then `finish` with its result on this thread while the previous site, swapped
    /// out, is kept as the spare or removed on another (a warm build's own work at its end overlaps
    /// the removal of thousands of files); returns once both are done.
    @discardableResult
    public func write<Result>(_ produce: (inout Draft) throws -> Result, then finish: (Result) throws -> Void) throws -> Result {
        let (result, old) = try swapped(produce)
        let spare = spare
        let retire: @Sendable () -> Void = { if let old { Self.retire(old, spare: spare) } }
        try Concurrently.overlap(retire, while: { try finish(result) })
        return result
    }

    /// The site swapped out, kept as the spare (see `spare`), else removed.
    private static func retire(_ old: URL, spare: URL?) {
        if let spare {
            try? FileManager.default.removeItem(at: spare)
            try? FileManager.default.createDirectory(at: spare.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(old.path, spare.path) == 0 { return }
        }
        try? FileManager.default.removeItem(at: old)
    }

    /// The site written and swapped in, and the folder now holding the previous site, to remove
    /// (nil when there is none, or nothing was written).
    private func swapped<Result>(_ produce: (inout Draft) throws -> Result) throws -> (Result, URL?) {
        try fileManager.createDirectory(at: generated, withIntermediateDirectories: true)
        removeLeftovers()
        var draft = Draft(root: generated.appendingPathComponent("tmp-\(name)-\(UUID().uuidString)", isDirectory: true),
                          previous: generated.appendingPathComponent(name, isDirectory: true), spare: spare, observer: observer)
        do {
            let result = try produce(&draft)
            if let unchanged = draft.unchanged, Self.holdsExactly(draft.previous, files: unchanged) { return (result, nil) }
            try draft.materialize()
            try draft.finishLinks()
            try draft.prune()
            return (result, try swap(in: draft.root))
        } catch {
            // No link is still being made into the folder removed.
            draft.linker.cancel()
            try? fileManager.removeItem(at: draft.root)
            throw error
        }
    }

    /// Whether the folder `site` holds exactly `files` (paths below it) and the folders they are in:
    /// no other file or folder.
    static func holdsExactly(_ site: URL?, files: [String]) -> Bool {
        var isFolder: ObjCBool = false
        guard let site, FileManager.default.fileExists(atPath: site.path, isDirectory: &isFolder), isFolder.boolValue else { return false }
        let expected = Set(files.map { Substring($0) }).union(folders(of: files))
        let prefix = site.path.utf8.count + 1
        var count = 0, other = false
        FolderWalk.walk(site.path) { entry in
            other = other || !expected.contains(Substring(entry.path.utf8.dropFirst(prefix)))
            count += 1
            return !other
        }
        return !other && count == expected.count
    }

    /// The folders `files` (paths below a site) are in, each once: `a/b/c.html` is in `a/b` and `a`.
    static func folders(of files: some Sequence<String>) -> Set<Substring> {
        var folders = Set<Substring>()
        for file in files {
            var end = file.utf8.endIndex
            // Read by bytes: a slash is one byte, and a character walk of every path was a build's time.
            while let slash = file.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                guard folders.insert(file[..<slash]).inserted else { break }
                end = slash
            }
        }
        return folders
    }

    /// A site being written into a temporary folder of `generated/`.
    public struct Draft: SiteSink {
        let root: URL
        /// The site being replaced: a file whose bytes did not change is linked from it, not written
        /// again (it keeps its date, and a deployment sees it unchanged).
        let previous: URL?
        private var folders: Set<String> = []
        /// While every file put or kept is the previous site's file at the same path, byte for byte:
        /// their paths, nothing written yet (nil once the draft holds files; see `materialize`).
        private(set) var unchanged: [String]?
        /// The site an earlier build replaced (see `SiteWriter.spare`), taken as the draft when it
        /// first holds a file.
        let spare: URL?
        /// Once the draft is the spare, written over: the paths of the files put or kept (the
        /// others are removed before the draft is swapped in; see `prune`). Nil for a new folder.
        private(set) var recycled: Set<String>?

        /// `root`'s path, which every file's path begins with.
        private let rootPath: String
        /// Makes the links of the files kept into a new folder (see `keep`).
        let linker = Linker()

        /// Told of every file written (see `SiteWriter.observer`).
        let observer: (any FileWriteObserver)?

        init(root: URL, previous: URL? = nil, spare: URL? = nil, observer: (any FileWriteObserver)? = nil) {
            self.root = root
            rootPath = root.path
            self.previous = previous
            self.spare = spare
            self.observer = observer
            unchanged = previous == nil ? nil : []
        }

        /// Links the files recorded as unchanged into the draft: from now on every file is written.
        /// The spare, when there is one (a real folder, not a link), becomes the draft.
        mutating func materialize() throws {
            guard let paths = unchanged, let previous else { return }
            unchanged = nil
            if let spare, Self.isFolder(spare.path), rename(spare.path, rootPath) == 0 { recycled = [] }
            for path in paths { try keep(path, from: previous.appendingPathComponent(path, isDirectory: false)) }
        }

        /// A recycled draft made exactly the files put or kept and the folders they are in: whatever
        /// else the spare held is removed.
        mutating func prune() throws {
            guard let files = recycled else { return }
            let folders = SiteWriter.folders(of: files)
            let prefix = rootPath.utf8.count + 1
            var extra: [String] = []
            FolderWalk.walk(rootPath) { entry in
                let path = Substring(entry.path.utf8.dropFirst(prefix))
                guard entry.isFolder ? folders.contains(path) : files.contains(String(path)) else {
                    extra.append(entry.path)
                    return false
                }
                return entry.isFolder
            }
            for path in extra { try Self.clear(path) }
        }

        public mutating func put(_ path: String, _ data: Data) throws {
            // A file put where one is still to be linked: the link first, then the file over it.
            if linker.isPending(path) { try finishLinks() }
            if unchanged != nil, let previous, Self.holds(previous.appendingPathComponent(try Self.checked(path), isDirectory: false), data) {
                unchanged?.append(path)
                return
            }
            try materialize()
            let file = try destination(path)
            let same = previous.map { Self.holds($0.appendingPathComponent(path, isDirectory: false), data) } ?? false
            if let previous, same {
                let kept = previous.appendingPathComponent(path, isDirectory: false).path
                if recycled != nil {
                    if Self.isSameFile(file, kept) { return }
                    try Self.clear(file)
                }
                if link(kept, file) == 0 { return }
            }
            // A recycled draft's file may be a link to the site's own: it is replaced, never written into.
            if recycled != nil { try Self.clear(file) }
            let written = try SiteWriter.writeFile(data, to: URL(fileURLWithPath: file, isDirectory: false))
            if let observer, let written { observer.didWrite(path: path, data: data, size: written.size, modified: written.modified) }
        }

        /// Whether the entries at `first` and `second` are the same regular file (links to one file).
        static func isSameFile(_ first: String, _ second: String) -> Bool {
            var one = stat(), other = stat()
            return lstat(first, &one) == 0 && lstat(second, &other) == 0 && one.st_mode & S_IFMT == S_IFREG
                && one.st_dev == other.st_dev && one.st_ino == other.st_ino
        }

        /// Removes whatever is at `path` (a file, a link, a folder with what it holds); nothing there is fine.
        static func clear(_ path: String) throws {
            var status = stat()
            guard lstat(path, &status) == 0 else { return }
            if status.st_mode & S_IFMT == S_IFDIR {
                try FileManager.default.removeItem(atPath: path)
            } else if unlink(path) != 0 && errno != ENOENT {
                throw SiteError("cannot replace '\(path)': \(String(cString: strerror(errno)))")
            }
        }

        /// Whether `file` is the file at `path` below `site` (their paths compared as written, else standardized).
        private static func isSame(_ file: URL, _ site: URL, _ path: String) -> Bool {
            let written = site.path + "/" + path
            return file.path == written || file.standardizedFileURL.path == URL(fileURLWithPath: written).standardizedFileURL.path
        }

        /// Whether `url` is a regular file, not a link.
        private static func isRegularFile(_ url: URL) -> Bool {
            var status = stat()
            return lstat(url.path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
        }

        /// Whether `url` is a regular file (not a link) with exactly the bytes `data`.
        static func holds(_ url: URL, _ data: Data) -> Bool {
            var status = stat()
            guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == data.count else { return false }
            return (try? Data(contentsOf: url)) == data
        }

        /// A hard link to the earlier build's file (no copy), or a copy where links cannot be made.
        public mutating func keep(_ path: String, from previous: URL) throws {
            if unchanged != nil, let site = self.previous, Self.isSame(previous, site, try Self.checked(path)), Self.isRegularFile(previous) {
                unchanged?.append(path)
                return
            }
            try materialize()
            let file = try destination(path)
            if recycled != nil {
                if Self.isSameFile(file, previous.path) { return }
                try Self.clear(file)
                if link(previous.path, file) != 0 { try put(path, try Data(contentsOf: previous)) }
                return
            }
            // Into a new folder (nothing there to replace), on the linker's thread.
            linker.link(previous.path, to: file, path: path)
        }

        /// Waits for the links `keep` asked for; a file that could not be linked is copied.
        mutating func finishLinks() throws {
            for (path, source) in linker.finish() { try put(path, try Data(contentsOf: URL(fileURLWithPath: source, isDirectory: false))) }
        }

        /// `path`, when it names a file inside the site folder: relative, with a name and no `.` or
        /// `..` among its names. Read in place: a build keeps or writes every page of a site.
        static func checked(_ path: String) throws -> String {
            var named = false, inside = path.utf8.first != UInt8(ascii: "/")
            // The name being read: its length, and how many of its bytes are dots.
            var length = 0, dots = 0
            func endName() {
                inside = inside && !(length > 0 && length <= 2 && dots == length)
                named = named || length > 0
                (length, dots) = (0, 0)
            }
            for byte in path.utf8 {
                if byte == UInt8(ascii: "/") {
                    endName()
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            endName()
            guard inside, named else { throw SiteError("refusing to write '\(path)' outside the site folder") }
            return path
        }

        /// The path of the file at `path` in the draft, its folder made.
        private mutating func destination(_ path: String) throws -> String {
            let file = rootPath + "/" + (try Self.checked(path))
            if let folder = Self.parent(of: file) { try makeFolder(folder) }
            recycled?.insert(path)
            return file
        }

        /// Makes the folder at `path` and those it is in, each once a draft: a site of ten thousand
        /// pages in a thousand folders makes each with one `mkdir`, not a walk down its path.
        private mutating func makeFolder(_ path: String) throws {
            guard !folders.contains(path) else { return }
            var made = Self.folderError(path)
            // In a recycled draft, a file (or a link) where a folder must be is replaced.
            if recycled != nil, made == EEXIST {
                try Self.clear(path)
                made = Self.folderError(path)
            }
            if var error = made {
                if error == ENOENT, let parent = Self.parent(of: path) {
                    try makeFolder(parent)
                    error = Self.folderError(path) ?? 0
                }
                if error != 0 { throw SiteError("cannot make the folder '\(path)': \(String(cString: strerror(error)))") }
            }
            folders.insert(path)
        }

        /// Makes the folder at `path` (its parent must be there): nil when it is there now, made or
        /// already, else why not (`errno`; a file where it should be: `EEXIST`).
        private static func folderError(_ path: String) -> Int32? {
            if mkdir(path, 0o777) == 0 { return nil }
            let error = errno
            return error == EEXIST && isFolder(path) ? nil : error
        }

        /// The folder `path` is in; nil for the root.
        private static func parent(of path: String) -> String? {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return nil }
            return String(path[..<slash])
        }

        /// Whether `path` is a folder, not a link to one.
        private static func isFolder(_ path: String) -> Bool {
            var status = stat()
            return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }
    }

    /// Writes `data` into the file at `url`, created or truncated, as `Data.write(to:)` does but
    /// without flushing it to the disk first (`fsync`): a site is written into a draft folder and
    /// swapped in whole, so no reader ever sees a file half written, and the thousands of pages of a
    /// build no longer wait for the disk one after the other on the thread that stores them in order.
    /// A file this cannot write is written by `Data.write(to:)`, whose error says why.
    /// Returns the size and time (nanoseconds since 1970) of the file written, nil when unknown.
    @discardableResult
    static func writeFile(_ data: Data, to url: URL) throws -> (size: Int, modified: Int)? {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        if descriptor >= 0 {
            let written = data.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
            // Its time once the last byte is written: what a `stat` of it shows from now on.
            var status = stat()
            let known = written && fstat(descriptor, &status) == 0
            if close(descriptor) == 0, written {
                return known ? (Int(status.st_size), FileTime.nanoseconds(status.st_mtim)) : nil
            }
        }
        try data.write(to: url)
        return nil
    }

    /// Temporary folders of earlier runs that were killed before they could clean up.
    private func removeLeftovers() {
        let names = (try? fileManager.contentsOfDirectory(atPath: generated.path)) ?? []
        for leftover in names where leftover.hasPrefix("tmp-\(name)-") || leftover.hasPrefix("tmp-old-\(name)-") {
            try? fileManager.removeItem(at: generated.appendingPathComponent(leftover))
        }
    }

    /// Puts the folder `temporary` in the site's place; returns the folder now holding the previous
    /// site (nil when there was none), for the caller to remove.
    private func swap(in temporary: URL) throws -> URL? {
        let target = generated.appendingPathComponent(name, isDirectory: true)
        guard fileManager.fileExists(atPath: target.path) else {
            try fileManager.moveItem(at: temporary, to: target)
            return nil
        }
        if exchange(temporary, target) { return temporary }
        let old = generated.appendingPathComponent("tmp-old-\(name)-\(UUID().uuidString)", isDirectory: true)
        try fileManager.moveItem(at: target, to: old)
        do {
            try fileManager.moveItem(at: temporary, to: target)
        } catch {
            try? fileManager.moveItem(at: old, to: target)
            throw error
        }
        return old
    }

    /// Swaps two folders in one atomic step where the system can (Linux `renameat2` with
    /// `RENAME_EXCHANGE`): a run killed at any moment leaves either the old site or the new one.
    private func exchange(_ first: URL, _ second: URL) -> Bool {
        stepwise_exchange_paths(first.path, second.path) == 0
    }
}

/// Hard links made on a thread of their own, in the order asked, while the draft's producer goes on:
/// a build that keeps most of a site's pages links thousands of files into a new draft, and the
/// thread that stores the pages in order no longer waits for each. Used from one thread (the draft's).
final class Linker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "stepwise.site.links")
    private let lock = NSLock()
    /// The links that failed (site path, file linked from), in the order asked; read in `finish`.
    private var failed: [(path: String, source: String)] = []
    private var cancelled = false
    /// The site paths of the links asked for since the last `finish`.
    private var pending = Set<String>()

    func link(_ source: String, to file: String, path: String) {
        pending.insert(path)
        queue.async { [self] in
            guard !lock.withLock({ cancelled }) else { return }
            if systemLink(source, file) != 0 { lock.withLock { failed.append((path, source)) } }
        }
    }

    func isPending(_ path: String) -> Bool { !pending.isEmpty && pending.contains(path) }

    /// Waits for every link asked for; returns those that could not be made.
    func finish() -> [(path: String, source: String)] {
        queue.sync {}
        pending = []
        return lock.withLock {
            defer { failed = [] }
            return failed
        }
    }

    /// Makes none of the links not made yet, and waits for the one being made.
    func cancel() {
        lock.withLock { cancelled = true }
        queue.sync {}
    }
}

/// `link(2)`: inside the draft the name `link` is the linker's own.
private func systemLink(_ source: String, _ file: String) -> Int32 {
    link(source, file)
}

