import ArgumentParser
import DocFXDialect
import Foundation
import Localization
import StepwiseDiagnostics
import StepwiseWorkspace

/// `--shard i/n`: one of n deterministic parts of a repository's documents, for CI matrices.
///
/// Documents are split by tutorial path (the path below the locale and edition folders), so a source
/// and all its translations and editions land in the same shard; the split depends on nothing but
/// the path (a stable hash, the same on every machine and run).
struct Shard: ExpressibleByArgument, Hashable, Codable, CustomStringConvertible {
    var index: Int
    var count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else { return nil }
        self.init(index: index, count: count)
    }

    static var defaultValueDescription: String { "i/n" }

    var description: String { "\(index)/\(count)" }

    /// True when the document at `url` belongs to this shard.
    func contains(_ url: URL) -> Bool {
        let layout = ContentLayout.containing(url, defaultLocale: "")
        return Self.shard(ofTutorialPath: layout.tutorialPath(of: url), count: count) == index
    }

    /// The shard (1…count) of a tutorial path: FNV-1a of its UTF-8 bytes.
    static func shard(ofTutorialPath path: String, count: Int) -> Int {
        Int(ContentHash.fnv1a(Array(path.utf8)) % UInt64(count)) + 1
    }
}

/// A shard's report, written by `check --shard i/n --part FILE` and read by `stepwise merge`: the
/// complete report of the shard's documents, before rule overrides and the baseline. Stored in the
/// cache's binary form (`CacheFile`: framed and checksummed, so that a part cut or altered on its way
/// between CI jobs is refused), which the report writes and reads without a tree of its values — as
/// JSON, a part of half the corpus took `JSONEncoder` 1.5 s and 190 MB, and `JSONDecoder` most of a
/// merge's 5 s.
struct ReportPart: Codable {
    static let schema = "stepwise.check-part/2"

    var schema = ReportPart.schema
    var shard: Shard?
    /// What the run was set up with (see `setup(configuration:loader:paths:root:)`): parts that differ do not merge.
    var setup: String?
    var report: CheckReport
    /// The shard's part of the comparison with the committed `generated/` (a check of the whole
    /// content of a project that has one).
    var generated: GeneratedPart?
    /// The content root the shard was checked in (see `contentRoot(_:root:)`), whose links and tables
    /// of contents the merge checks; nil when the check had none.
    var contentRoot: String?

    /// How a part names `contentRoot`: relative to the project's `root` when it lies below it (so that
    /// parts checked in other checkouts of the project agree), else its absolute path.
    static func contentRoot(_ contentRoot: URL?, root: URL) -> String? {
        guard let path = contentRoot?.standardizedFileURL.path else { return nil }
        let base = root.standardizedFileURL.path
        if path == base { return "." }
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
    }

    /// A hash of the tool's version, `stepwise.yml`, the source locale and edition and the paths checked.
    static func setup(configuration: URL, loader: WorkspaceLoader, paths: [String], root: URL) -> String {
        let relative = paths.map { path in path.hasPrefix(root.path + "/") ? String(path.dropFirst(root.path.count + 1)) : path }
        let parts = ["stepwise \(Stepwise.configuration.version)", loader.sourceLocale, loader.sourceEdition,
                     (try? Data(contentsOf: configuration)).map(ContentHash.hex) ?? "no configuration"] + relative
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }

    func write(to path: String) throws {
        try CacheFile.write(self, to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String, display: String) throws -> ReportPart {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw InputFailure(.error("part-invalid", at: .init(path: display), "no report part here: no such file, or it cannot be read"))
        }
        guard let part = CacheFile.read(ReportPart.self, from: URL(fileURLWithPath: path)) else {
            throw InputFailure(.error("part-invalid", at: .init(path: display),
                                      "not a report part of `stepwise check --part` (or one cut, altered, or written by another version of stepwise)"))
        }
        guard part.schema == schema else {
            throw InputFailure(.error("part-invalid", at: .init(path: display), "report part schema \(part.schema), expected \(schema)"))
        }
        return part
    }
}

/// Content hashes for change detection: FNV-1a, 64 bits.
enum ContentHash {
    static func fnv1a(_ bytes: some Sequence<UInt8>, seed: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    static func hex(_ data: Data) -> String {
        let value = data.withUnsafeBytes { fnv1a($0.bindMemory(to: UInt8.self)) }
        return String(value, radix: 16) + "-" + String(data.count, radix: 16)
    }

    /// `hex` of text given piece by piece: the hash of the pieces' UTF-8 one after the other, without
    /// joining them first.
    struct Running {
        private var hash = ContentHash.fnv1a([])
        private var count = 0

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { bytes in
                hash = fnv1a(bytes, seed: hash)
                count += bytes.count
            }
        }

        var hex: String { String(hash, radix: 16) + "-" + String(count, radix: 16) }
    }
}
