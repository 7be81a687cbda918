public import Foundation

/// Paths inside this repository, for tests (never outside it).
public enum RepositoryFiles {
    /// The repository root, found from this file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every file of a tree (a built site), path relative to `root` → bytes.
    public static func tree(at root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    /// The bundled content tree.
    public static var content: URL { root.appendingPathComponent("content", isDirectory: true) }

    /// The five sample documents, keyed by their gold file prefix.
    public static let seeds: [(gold: String, path: String)] = [
        ("000", "en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"),
        ("001", "en-us/editions/2014/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"),
        ("002", "sv-se/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"),
        ("003", "fr-fr/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"),
        ("004", "de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"),
    ]

    /// The URL of a seed's document in `content/`.
    public static func seed(_ gold: String) -> URL {
        content.appendingPathComponent(seeds.first { $0.gold == gold }!.path)
    }

    /// The lines of a file, split at each line feed byte: a line of a CR LF file keeps its CR (split
    /// as text, `"\r\n"` is one character, and such a file would be one line).
    public static func lines(of url: URL) throws -> [String] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// A scratch folder removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `data` at `path` below the folder, creating folders, and returns its URL.
    @discardableResult
    public func write(_ path: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }

    @discardableResult
    public func write(_ path: String, _ text: String) throws -> URL {
        try write(path, Data(text.utf8))
    }
}
