public import Foundation

/// Writes generated files into a directory, touching a file only when its bytes change, and removing
/// generated files the generator no longer produces.
public struct GeneratedFileWriter: Sendable {
    public var directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// Writes `files`; returns the paths written or removed (unchanged files are left alone).
    @discardableResult
    public func write(_ files: [GeneratedFile]) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var changed: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.path)
            let bytes = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == bytes { continue }
            try bytes.write(to: url, options: .atomic)
            changed.append(file.path)
        }
        let wanted = Set(files.map(\.path))
        for stale in try existingSwiftFiles() where !wanted.contains(stale) {
            try FileManager.default.removeItem(at: directory.appendingPathComponent(stale))
            changed.append(stale)
        }
        return changed.sorted()
    }

    /// The `.swift` files now in the directory.
    func existingSwiftFiles() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
    }
}
