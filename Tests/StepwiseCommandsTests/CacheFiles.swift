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
        try CacheFile.frame(replaced.bytes).write(to: url, options: .atomic)
        return replaced != value
    }
}

/// The size of a cache file's header (magic, version, length, checksum).
enum CacheFileHeader {
    static var size: Int { CacheFile.headerSize }
}
