import Foundation
@testable import StepwiseCommands
import StepwiseTestSupport
import Testing

/// The caches' binary form: what is written is read back the same; a file that is truncated, altered
/// or of another format is refused as a whole, never half read.
@Suite struct CacheFileTests {
    enum Kind: String, Codable, Equatable { case page, include }

    struct Entry: Codable, Equatable {
        var path: String
        var kind: Kind
        var size: Int
        var hash: UInt64
        var ratio: Double
        var fresh: Bool
        var title: String?
        var lines: [Int]
        var nested: [[String]]
        var byNumber: [Int: String]
        var byKind: [Kind: Int]
        var data: Data
    }

    struct Stored: Codable, Equatable {
        var version = 1
        var key: String
        var entries: [String: Entry]
        var note: String?
    }

    static let sample = Stored(key: "k-ü-€-🙂", entries: [
        "fr-fr/articles/a.md": Entry(path: "fr-fr/articles/a.md", kind: .page, size: -12, hash: .max, ratio: 0.25, fresh: true, title: "Créer une « app »",
                                     lines: [1, 300, -7, Int.max, Int.min], nested: [[], ["x", ""]], byNumber: [3: "trois", -1: "moins"], byKind: [.include: 2],
                                     data: Data([0, 1, 255])),
        "es-es/b.md": Entry(path: "", kind: .include, size: 0, hash: 0, ratio: -1e300, fresh: false, title: nil, lines: [], nested: [], byNumber: [:], byKind: [:],
                            data: Data()),
    ], note: nil)

    private func write(_ value: some Encodable) throws -> (TemporaryDirectory, URL) {
        let folder = try TemporaryDirectory()
        let url = folder.url.appendingPathComponent("value.bin")
        try CacheFile.write(value, to: url)
        return (folder, url)
    }

    @Test("a value written is read back equal, whatever its strings, numbers, optionals and dictionaries")
    func roundTrip() throws {
        let (folder, url) = try write(Self.sample)
        #expect(CacheFile.read(Stored.self, from: url) == Self.sample)
        #expect(CacheFile.read([String].self, from: url) == nil, "read as another type: refused")
        _ = folder
    }

    @Test("the bytes read whole as a tree are those written, key by key")
    func tree() throws {
        let (folder, url) = try write(Self.sample)
        let value = try CacheFiles.value(at: url)
        #expect(value.bytes == (try CacheEncoder.encode(Self.sample)))
        guard case let .object(entries) = value else { Issue.record("not an object"); return }
        #expect(entries.map(\.key) == ["version", "key", "entries"], "a nil optional is left out, as JSON leaves it out")
        _ = folder
    }

    @Test("a cached value is written as its bytes: the same bytes as the value itself, read back equal")
    func cachedValue() throws {
        struct Inline: Codable { var before: String; var entry: Entry; var after: [Int] }
        struct Cached: Codable { var before: String; var entry: CachedValue<Entry>; var after: [Int] }
        let entry = try #require(Self.sample.entries["fr-fr/articles/a.md"])
        let cached = Cached(before: "a", entry: try CachedValue(entry), after: [1, 2])
        let bytes = try CacheEncoder.encode(cached)
        #expect(bytes == (try CacheEncoder.encode(Inline(before: "a", entry: entry, after: [1, 2]))))
        let read = try bytes.withUnsafeBytes { try CacheDecoder.decode(Cached.self, from: $0) }
        #expect(read.entry.value == entry && read.entry.bytes == cached.entry.bytes)
        #expect(try CacheEncoder.encode(read) == bytes, "a value read is written again as it was")
    }

    @Test("a cached value set aside in a spool holds none of its bytes, and reads, encodes and lets go as the value held")
    func spooledValue() throws {
        struct Cached: Codable { var before: String; var entry: CachedValue<Entry>; var after: [Int] }
        let folder = try TemporaryDirectory()
        let spool = try #require(Spool(in: folder.url))
        let entry = try #require(Self.sample.entries["fr-fr/articles/a.md"])
        let held = try CachedValue(entry)
        // Spooled after other bytes: read back from its own place.
        _ = [UInt8](repeating: 7, count: 100).withUnsafeBytes { spool.append($0) }
        var spooled = held.spooled(in: spool)
        #expect(held.isHeld && !spooled.isHeld)
        #expect(spooled.bytes == held.bytes && spooled.value == entry)
        #expect(spooled.bytes(forKey: "hash") == held.bytes(forKey: "hash") && spooled.bytes(forKey: "hash") != nil)
        #expect(spooled.decoded(as: Entry.self) == entry)
        let bytes = try CacheEncoder.encode(Cached(before: "a", entry: held, after: [1]))
        #expect(try CacheEncoder.encode(Cached(before: "a", entry: spooled, after: [1])) == bytes, "written as the bytes held")
        // A value read from a cache file stays where it lies.
        let read = try bytes.withUnsafeBytes { try CacheDecoder.decode(Cached.self, from: $0) }
        #expect(read.entry.spooled(in: spool).bytes == held.bytes)
        spooled.release()
        #expect(spooled.bytes.isEmpty && spooled.value == nil)
    }

    @Test("a truncated, altered, empty or foreign file is refused")
    func damaged() throws {
        let (folder, url) = try write(Self.sample)
        let whole = try Data(contentsOf: url)
        for cut in [0, 3, CacheFile.headerSize, whole.count / 2, whole.count - 1] {
            try whole.prefix(cut).write(to: url)
            #expect(CacheFile.read(Stored.self, from: url) == nil, "truncated to \(cut) bytes")
        }
        for position in [0, 5, CacheFile.headerSize + 3, whole.count / 2, whole.count - 1] {
            var altered = whole
            altered[position] ^= 0x20
            try altered.write(to: url)
            #expect(CacheFile.read(Stored.self, from: url) == nil, "byte \(position) altered")
        }
        try Data("{\"key\": \"json\"}".utf8).write(to: url)
        #expect(CacheFile.read(Stored.self, from: url) == nil, "a JSON cache of an earlier version")
        try FileManager.default.removeItem(at: url)
        #expect(CacheFile.read(Stored.self, from: url) == nil, "no file")
        _ = folder
    }

    @Test("a payload written in pieces is framed as the pieces joined: the same checksum wherever they are cut, and read back whole")
    func pieces() throws {
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64, 1_000] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try bytes.withUnsafeBytes { whole in
                let expected = CacheFile.checksum(whole)
                // Every cut into two pieces, and some into three (with empty pieces among them).
                for first in 0...count {
                    for second in Set([first, min(count, first + 1), min(count, first + 3), count]) {
                        var checksum = CacheFile.Checksum()
                        for range in [0..<first, first..<second, second..<count] { checksum.add(UnsafeRawBufferPointer(rebasing: whole[range])) }
                        #expect(checksum.value == expected && checksum.count == count, "\(count) bytes cut at \(first) and \(second)")
                    }
                }
                let folder = try TemporaryDirectory()
                let url = folder.url.appendingPathComponent("pieces.bin")
                let cut = count / 3
                try CacheFile.write(pieces: [UnsafeRawBufferPointer(rebasing: whole[..<cut]), UnsafeRawBufferPointer(rebasing: whole[cut...])], to: url)
                #expect(CacheFile.withPayload(at: url) { Array($0) } == bytes)
                try CacheFile.write(payload: bytes, to: url)
                let joined = try Data(contentsOf: url)
                try CacheFile.write(pieces: [UnsafeRawBufferPointer(rebasing: whole[..<cut]), UnsafeRawBufferPointer(rebasing: whole[cut...])], to: url)
                #expect(try Data(contentsOf: url) == joined, "the file of \(count) bytes in pieces is the file of them joined")
            }
        }
    }

    @Test("damaged bytes inside an intact frame throw rather than crash")
    func damagedPayload() throws {
        let bytes = try CacheEncoder.encode(Self.sample)
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            let truncated = Array(bytes.prefix(cut))
            let decoded = truncated.withUnsafeBytes { try? CacheDecoder.decode(Stored.self, from: $0) }
            #expect(decoded == nil, "payload cut at \(cut)")
        }
    }
}
