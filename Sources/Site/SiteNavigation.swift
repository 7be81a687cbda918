public import DocFXDialect
public import Foundation
public import StepwiseDiagnostics

/// The tables of contents of a site (`TOC.md`, `toc.yml` of every locale's current edition), each
/// with the folder it sits in: read once per build, from the content root.
public struct SiteNavigation: Hashable, Sendable {
    /// One table of contents file.
    public struct Table: Hashable, Sendable {
        public var locale: String
        /// The folder below the locale (`articles/notification-hubs`), where its links start.
        public var folder: String
        /// The file as shown in messages.
        public var file: String
        public var contents: TableOfContents
        /// Where the file is, when it was read from disk.
        public var url: URL?

        public init(locale: String, folder: String, file: String, contents: TableOfContents, url: URL? = nil) {
            self.locale = locale
            self.folder = folder
            self.file = file
            self.contents = contents
            self.url = url
        }

        /// The path of a document in `folder`, as a link resolver takes it.
        var documentPath: String { folder.isEmpty ? "TOC.md" : folder + "/TOC.md" }
    }

    public var tables: [Table]

    public init(tables: [Table] = []) {
        self.tables = tables
    }

    /// Every table of contents below `contentRoot` (`<locale>/…/TOC.md`, `toc.yml`), archived
    /// editions and include folders aside, sorted by path; `display` names each file. With `tree`, the
    /// folders are those of the run's listing (`FolderWalk.walk(_:in:)`).
    public static func read(contentRoot: URL, in tree: FolderTree? = nil, display: (URL) -> String) -> SiteNavigation {
        let root = contentRoot.standardizedFileURL
        var found: [(url: URL, file: String)] = []
        FolderWalk.walk(root.path, in: tree) { entry in
            guard entry.name != "includes", entry.name != "editions", !entry.name.hasPrefix(".") else { return false }
            if TableOfContents.isTableOfContents(entry.name) {
                let url = URL(fileURLWithPath: entry.path, isDirectory: entry.isFolder)
                found.append((url, display(url)))
            }
            return true
        }
        // Read and parsed on all cores: a large site has a hundred tables of thousands of lines.
        let tables = found.concurrentMap { url, file -> Table? in
            let parts = url.standardizedFileURL.pathComponents.dropFirst(root.pathComponents.count)
            guard parts.count >= 2, let text = try? ContainedFiles(root: root).read(url, maximumBytes: 4 << 20) else { return nil }
            return Table(
                locale: parts.first!.lowercased(), folder: parts.dropFirst().dropLast().joined(separator: "/"), file: file,
                contents: TableOfContents.read(String(decoding: text, as: UTF8.self), fileName: url.lastPathComponent), url: url.standardizedFileURL)
        }
        return SiteNavigation(tables: tables.compactMap { $0 }.sorted { $0.file < $1.file })
    }

    /// A content hash of every table, for the site cache's key.
    public var fingerprint: String {
        tables.map { "\($0.file)\t\($0.contents.hashValueDescription)" }.joined(separator: "\n")
    }
}

extension TableOfContents {
    /// A stable text of the whole tree (titles, links, places), for fingerprints.
    var hashValueDescription: String {
        func lines(_ entries: [Entry], depth: Int) -> [String] {
            entries.flatMap { ["\(depth)\t\($0.title)\t\($0.href ?? "")\t\($0.line)"] + lines($0.children, depth: depth + 1) }
        }
        return lines(entries, depth: 0).joined(separator: "\n")
    }
}
