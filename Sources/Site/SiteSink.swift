public import Foundation

/// Where a site's files go as they are rendered, one at a time: a page is handed over and dropped,
/// so memory is bounded by the pages in flight, not by the site.
public protocol SiteSink {
    /// Takes the file at `path` (relative to the site root).
    mutating func put(_ path: String, _ data: Data) throws
    /// Takes the file at `path` unchanged from an earlier build, where it is `previous`.
    mutating func keep(_ path: String, from previous: URL) throws
}

extension SiteSink {
    public mutating func keep(_ path: String, from previous: URL) throws {
        try put(path, try Data(contentsOf: previous))
    }
}

/// Keeps every file in memory, path → bytes: for tests and small sites.
public struct SiteFiles: SiteSink {
    public var files: [String: Data] = [:]

    public init() {}

    public mutating func put(_ path: String, _ data: Data) throws {
        files[path] = data
    }
}
