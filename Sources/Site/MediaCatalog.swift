public import Foundation
import StepwiseDiagnostics
public import TutorialModel

/// An image file a page shows, copied into the site once under a name made from its content.
public struct MediaFile: Sendable, Hashable {
    /// Its path in the site: `media/<hash16>-<name>`.
    public var path: String
    /// Where its bytes are read from (the content, or a shard's part).
    public var source: URL
    public var width: Int?
    public var height: Int?

    public init(path: String, source: URL, width: Int? = nil, height: Int? = nil) {
        self.path = path
        self.source = source
        self.width = width
        self.height = height
    }
}

/// Every local image the documents show, by the file it resolved to (`ImageReferenceInfo.resolvedTo`):
/// read once, named by a hash of its bytes (so the same picture used by many pages and locales is
/// one file, and a changed picture gets a new name), with its size from the header.
public struct MediaCatalog: Sendable {
    public var files: [String: MediaFile]
    /// The folder files are read inside of when copied (the content root); nil: the files are a
    /// build's own (a shard's part), linked as they are.
    public var containedIn: URL?

    public init(files: [String: MediaFile] = [:], containedIn: URL? = nil) {
        self.files = files
        self.containedIn = containedIn
    }

    /// Images are read up to 32 MiB; a larger file is shown as missing.
    public static let maximumBytes = 32 << 20

    /// Reads every image of `tutorials` (paths relative to `root`, refused outside `contentRoot`), on all cores.
    public static func read(_ tutorials: [Tutorial], root: URL, contentRoot: URL?) -> MediaCatalog {
        let paths = Set(tutorials.flatMap { $0.images.filter { $0.problem == nil }.compactMap(\.resolvedTo) }).sorted()
        let contained = ContainedFiles(root: contentRoot ?? root)
        let files = paths.concurrentMap { path -> (String, MediaFile)? in
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
            guard let data = try? contained.read(url, maximumBytes: maximumBytes) else { return nil }
            let size = ImageSize.of(data)
            return (path, MediaFile(path: name(for: data, file: url.lastPathComponent), source: url, width: size?.width, height: size?.height))
        }.compactMap { $0 }
        return MediaCatalog(files: Dictionary(files, uniquingKeysWith: { first, _ in first }), containedIn: contentRoot ?? root)
    }

    /// `media/<16 hex digits of the content's FNV-1a hash>-<file name with only safe characters>`.
    static func name(for data: Data, file: String) -> String {
        let safe = String(file.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        }.prefix(80))
        return "media/" + ContentHash.hex(data) + "-" + (safe.isEmpty ? "image" : safe)
    }

    /// The files `tutorials` show, each once, sorted by site path.
    /// Two files with the same bytes are one site file (taken from the first source path).
    func used(by tutorials: [Tutorial]) -> [MediaFile] {
        var byPath: [String: MediaFile] = [:]
        for path in Set(tutorials.flatMap { $0.images.compactMap(\.resolvedTo) }).sorted() {
            guard let file = files[path], byPath[file.path] == nil else { continue }
            byPath[file.path] = file
        }
        return byPath.values.sorted { $0.path < $1.path }
    }

    /// The bytes of `file`, read inside the content root again (never through a link swapped in since).
    func data(of file: MediaFile) throws -> Data {
        guard let containedIn else { return try Data(contentsOf: file.source) }
        do {
            return try ContainedFiles(root: containedIn).read(file.source, maximumBytes: Self.maximumBytes)
        } catch {
            throw SiteError("cannot copy image \(file.source.path): \(error)")
        }
    }
}
