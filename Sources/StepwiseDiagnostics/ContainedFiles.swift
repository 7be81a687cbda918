public import Foundation
import Synchronization

/// The one way the tool opens a file it did not write: the path is canonicalized (symbolic links
/// resolved) and refused unless it stays inside `root`, only a regular file is opened (a FIFO or a
/// device would block or never end), and at most `maximumBytes` are read.
public struct ContainedFiles: Sendable {
    /// Why a file was not read.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The path resolves (through `..` or a symbolic link) to this place outside the root.
        case outsideRoot(String)
        case notRegularFile
        case tooLarge(bytes: Int64, limit: Int)
        case unreadable

        public var description: String {
            switch self {
            case .outsideRoot(let target): "it resolves to \(target), outside the folder it is read from; refused, never read"
            case .notRegularFile: "not a regular file"
            case .tooLarge(let bytes, let limit):
                "file is \(String(format: "%.1f", Double(bytes) / 1_048_576)) MiB; files are read up to \(limit / 1_048_576) MiB"
            case .unreadable: "no such file or it is not readable"
            }
        }
    }

    /// The default size limit: 4 MiB (the largest of the corpus's 15,016 pages is 0.3 MB).
    public static let maximumBytes = 4 << 20

    /// The canonical root every file must resolve inside.
    public let root: URL
    /// The canonical paths of the folders files were resolved in, shared by the copies of this
    /// value: the files of a folder resolve their folder once (`realpath` reads every link on the
    /// way: a dozen system calls for a page of a deep tree).
    private let folders = CanonicalFolders()

    public init(root: URL) {
        self.root = Self.canonical(root) ?? root.standardizedFileURL
    }

    /// `url` with every symbolic link and `..` resolved, if it exists.
    public static func canonical(_ url: URL) -> URL? {
        canonicalPath(url.path).map { URL(fileURLWithPath: $0) }
    }

    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `canonical(url)`, from the canonical path of its folder (kept) and its name when the file
    /// itself is not a symbolic link: one `lstat` for a file of a folder seen before.
    public func canonicalFile(_ url: URL) -> URL? {
        let path = url.path
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return Self.canonical(url) }
        let name = path[path.utf8.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != ".." else { return Self.canonical(url) }
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        let kind = status.st_mode & S_IFMT
        guard kind != S_IFLNK else { return Self.canonical(url) }
        guard let folder = folders.canonical(slash == path.startIndex ? "/" : String(path[..<slash])) else { return nil }
        return URL(fileURLWithPath: (folder == "/" ? "/" : folder + "/") + name, isDirectory: kind == S_IFDIR)
    }

    /// The canonical file `url` names, refused when it resolves outside the root.
    public func resolve(_ url: URL) throws(Refusal) -> URL {
        guard let target = canonicalFile(url) else { throw .unreadable }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard target.path == root.path || target.path.hasPrefix(rootPath) else { throw .outsideRoot(target.path) }
        return target
    }

    /// The bytes of the file at `url`, once it is known to be a regular file inside the root.
    public func read(_ url: URL, maximumBytes: Int = ContainedFiles.maximumBytes) throws(Refusal) -> Data {
        try Self.readRegularFile(try resolve(url), maximumBytes: maximumBytes)
    }

    /// The entries of the folder at `url` (inside the root) whose names pass `include`, sorted by name.
    public func entries(of url: URL, where include: (String) -> Bool = { !$0.hasPrefix(".") }) throws(Refusal) -> [URL] {
        let folder = try resolve(url)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { throw .unreadable }
        return names.filter(include).sorted().map { url.appendingPathComponent($0) }
    }

    /// The bytes of a regular file, at most `maximumBytes` of them (no containment check: for a path
    /// the caller has already resolved, or one the user named on the command line). `observer` is
    /// handed the bytes with the size and time the open file had before they were read (one `fstat`
    /// of the descriptor read: a file changed since has another time, never an older one).
    public static func readRegularFile(_ url: URL, maximumBytes: Int = ContainedFiles.maximumBytes, observer: (any FileReadObserver)? = nil) throws(Refusal) -> Data {
        let path = url.path
        let (descriptor, status) = try openRegularFile(path)
        defer { close(descriptor) }
        guard status.st_size <= maximumBytes else { throw .tooLarge(bytes: Int64(status.st_size), limit: maximumBytes) }
        guard let data = readAll(descriptor, expected: Int(status.st_size), limit: maximumBytes + 1) else { throw .unreadable }
        // The file grew between the check and the read.
        guard data.count <= maximumBytes else { throw .tooLarge(bytes: Int64(data.count), limit: maximumBytes) }
        observer?.didRead(path: path, data: data, size: Int(status.st_size), modified: FileTime.nanoseconds(status.st_mtim))
        return data
    }

    /// At most the first `count` bytes of the regular file at `path` (no containment check, as
    /// `readRegularFile`); nil when it is not a readable regular file or is empty.
    public static func head(ofRegularFile path: String, count: Int) -> Data? {
        guard let (descriptor, _) = try? openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var head = Data(count: count)
        let read = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        guard read > 0 else { return nil }
        head.count = read
        return head
    }

    /// The file at `path` opened for reading, with its status, once it is known to be a regular file:
    /// opened without blocking (a FIFO's open waits for a writer), then refused unless regular. The
    /// caller closes the descriptor.
    private static func openRegularFile(_ path: String) throws(Refusal) -> (descriptor: Int32, status: stat) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            throw .unreadable
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegularFile
        }
        return (descriptor, status)
    }

    /// Every byte left to read from `descriptor` (of a file of `expected` bytes when it was opened),
    /// up to `limit` of them; nil when a read fails. Room for one byte more than expected is made, so
    /// that the read that finds the end is the only one more: a file that grew meanwhile is read on.
    private static func readAll(_ descriptor: Int32, expected: Int, limit: Int) -> Data? {
        var data = Data(count: min(expected + 1, limit))
        var filled = 0
        while filled < limit {
            if filled == data.count { data.count = min(max(data.count * 2, 4_096), limit) }
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            filled += count
        }
        data.count = filled
        return data
    }
}

/// Told of each file read through it (`ContainedFiles.readRegularFile`): its bytes, with the size
/// and modification time (nanoseconds since 1970) it had when opened. A run's cache stamps the files
/// its documents were read from by the bytes read, not by reading them again.
public protocol FileReadObserver: Sendable {
    func didRead(path: String, data: Data, size: Int, modified: Int)
}

/// Told of each file a writer wrote (`SiteWriter`): its path below what was written, its bytes, and
/// the size and modification time (nanoseconds since 1970) the file had once written. A build's cache
/// stamps the pages it wrote so, rather than by reading them back.
public protocol FileWriteObserver: Sendable {
    func didWrite(path: String, data: Data, size: Int, modified: Int)
}

/// Canonical folder paths by the path they were asked by (`realpath`), for the life of a
/// `ContainedFiles`: a run's, during which its folders are taken to stay where they are.
private final class CanonicalFolders: Sendable {
    private let known = Mutex<[String: String]>([:])

    func canonical(_ folder: String) -> String? {
        if let found = known.withLock({ $0[folder] }) { return found }
        guard let resolved = ContainedFiles.canonicalPath(folder) else { return nil }
        known.withLock { $0[folder] = resolved }
        return resolved
    }
}

/// One `ContainedFiles` for each root, shared by the documents of a run and their threads, so
/// that they share what was resolved.
public final class ContainedRoots: Sendable {
    private let roots = Mutex<[String: ContainedFiles]>([:])

    public init() {}

    /// The contained files of `root`.
    public func files(in root: URL) -> ContainedFiles {
        let key = StandardFileURL.of(root).path
        if let found = roots.withLock({ $0[key] }) { return found }
        let made = ContainedFiles(root: root)
        return roots.withLock { roots in
            if let first = roots[key] { return first }
            roots[key] = made
            return made
        }
    }

    /// How many roots were asked for.
    public var count: Int { roots.withLock { $0.count } }
}
