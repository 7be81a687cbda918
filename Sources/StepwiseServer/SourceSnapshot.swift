import Foundation

/// The size and modification time of every file below the watched paths (hidden files and the
/// excluded folders left out): two snapshots differ when a file was added, removed or changed.
struct SourceSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var modified: Date?
        var size: Int?
    }

    var files: [String: Stamp] = [:]

    /// Reads the stamps of `paths` (files or folders, which may not exist) now.
    static func take(_ paths: [URL], excluding excluded: [URL] = []) -> SourceSnapshot {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
        let skipped = excluded.map { $0.standardizedFileURL.path + "/" }
        var snapshot = SourceSnapshot()
        for path in paths {
            snapshot.add(path, keys: keys)
            let files = FileManager.default.enumerator(at: path, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
            while let file = files?.nextObject() as? URL {
                if skipped.contains(where: { (file.standardizedFileURL.path + "/").hasPrefix($0) }) {
                    files?.skipDescendants()
                    continue
                }
                snapshot.add(file, keys: keys)
            }
        }
        return snapshot
    }

    private mutating func add(_ file: URL, keys: [URLResourceKey]) {
        guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return }
        files[file.standardizedFileURL.path] = Stamp(modified: values.contentModificationDate, size: values.fileSize)
    }
}
