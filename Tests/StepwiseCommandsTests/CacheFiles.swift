import Foundation
@testable import StepwiseCommands

/// Reading and altering the caches' binary files in tests (see `CacheFile`).
enum CacheFiles {
    /// The value stored in the cache file at `url`, read whole.
    static func value(at url: URL) throws -> CacheValue {
        let data = try Data(contentsOf: url)
        return try data.withUnsafeBytes { bytes in
            guard let payload = CacheFile.payload(of: bytes) else { throw CocoaError(.fileReadCorruptFile) }
            return try CacheValue(bytes: payload)
        }
    }

    /// Rewrites every string stored under `key` in the cache file at `url` to `replacement`, keeping
    /// the file intact (framed and hashed again); whether anything changed.
    @discardableResult
    static func replaceStrings(forKey key: String, in url: URL, with replacement: String) throws -> Bool {
        let value = try value(at: url)
        let replaced = value.replacingStrings(forKey: key) { _ in replacement }
        try CacheFile.write(payload: replaced.bytes, to: url)
        return replaced != value
    }
}

extension CacheFiles {
    /// Rewrites every string stored under `key` in the head of the run record at `url` (see
    /// `RunRecord`: its head's length, the head, then what the run printed), keeping the file intact.
    static func replaceRecordStrings(forKey key: String, in url: URL, with replacement: String) throws {
        let data = try Data(contentsOf: url)
        let payload = try data.withUnsafeBytes { bytes in
            guard let payload = CacheFile.payload(of: bytes) else { throw CocoaError(.fileReadCorruptFile) }
            return Array(payload)
        }
        let length = Int(payload.prefix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        let head = try payload[8..<(8 + length)].withUnsafeBytes { try CacheValue(bytes: $0) }.replacingStrings(forKey: key) { _ in replacement }.bytes
        let newLength = withUnsafeBytes(of: UInt64(head.count).littleEndian, Array.init)
        try CacheFile.write(payload: newLength + head + payload[(8 + length)...], to: url)
    }

    /// Replaces every page's stored search document in a site cache bucket by one of another page (an
    /// empty one); how many were replaced.
    static func replaceSearchDocuments(in url: URL) throws -> Int {
        let other = CacheValue.object([("page", .string("elsewhere.html")), ("title", .string("Another page")), ("sections", .array([]))])
        return try replaceValues(forKey: "search", in: url, with: other)
    }

    /// Rewrites every value stored under `key` (at any depth) in the cache file at `url` to
    /// `replacement`, keeping the file intact; how many values were replaced.
    @discardableResult
    static func replaceValues(forKey key: String, in url: URL, with replacement: CacheValue) throws -> Int {
        var count = 0
        func replacing(_ value: CacheValue) -> CacheValue {
            switch value {
            case let .array(items):
                return .array(items.map(replacing))
            case let .object(entries):
                return .object(entries.map { entry in
                    if entry.key == key, entry.value != .null {
                        count += 1
                        return (entry.key, replacement)
                    }
                    return (entry.key, replacing(entry.value))
                })
            default:
                return value
            }
        }
        let replaced = replacing(try value(at: url))
        try CacheFile.write(payload: replaced.bytes, to: url)
        return count
    }
}

/// The size of a cache file's header (magic, version, length, checksum).
enum CacheFileHeader {
    static var size: Int { CacheFile.headerSize }
}
