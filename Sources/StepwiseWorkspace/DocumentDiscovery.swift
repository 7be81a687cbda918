public import Foundation
public import StepwiseDiagnostics

/// Expands command-line paths into the Markdown documents to read, sorted.
///
/// Directories are searched recursively for `*.md`; files inside `includes/` folders are includes,
/// read through the documents that include them, not on their own; `README.md` and `TOC.md` are not documents. A path that does not exist is
/// a diagnostic, and the other paths are still read.
public struct DocumentDiscovery {
    public var fileManager = FileManager.default
    /// The run's listing of its folders (`FolderTree`): a folder it holds is not walked again.
    public var tree: FolderTree?

    public init(tree: FolderTree? = nil) {
        self.tree = tree
    }

    public func documents(at paths: [URL], display: (URL) -> String) -> (documents: [URL], problems: [Diagnostic]) {
        // Paths first, each made a URL once it is known not to be named twice (a URL's path is
        // decoded anew each time it is asked for).
        var result: [String] = [], problems: [Diagnostic] = []
        for url in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                problems.append(.error("file-missing", at: SourceLocation(path: display(url)), "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                result.append(url.standardizedFileURL.path)
                continue
            }
            let found = markdownPaths(under: url) { folder in
                problems.append(.error("file-unreadable", at: SourceLocation(path: display(folder)), "cannot read this folder; its documents are not checked"))
            }
            if found.isEmpty {
                problems.append(.error("no-markdown", at: SourceLocation(path: display(url)), "directory contains no Markdown (.md) documents"))
            }
            result += found
        }
        var seen = Set<String>()
        return (result.filter { seen.insert($0).inserted }.map { URL(fileURLWithPath: $0, isDirectory: false) }, problems)
    }

    /// Markdown files that are not documents: a folder's read-me and a DocFX table of contents
    /// (read as navigation, see `TableOfContents`).
    public static let notDocuments: Set<String> = ["readme.md", "toc.md"]

    /// Every document below `directory`, sorted by path.
    public func markdownFiles(under directory: URL, unreadable: (URL) -> Void = { _ in }) -> [URL] {
        // The walk's paths are standard already (a standard folder's path, then names that are neither
        // empty, `.` nor `..`): each is made a URL as it is, without a look at the file system.
        markdownPaths(under: directory, unreadable: unreadable).map { URL(fileURLWithPath: $0, isDirectory: false) }
    }

    /// The standard path (see `StandardPath`) of every document below `directory`, sorted: what
    /// `markdownFiles(under:unreadable:)` lists, for a caller that needs no URL.
    public func markdownPaths(under directory: URL, unreadable: (URL) -> Void = { _ in }) -> [String] {
        var failed: [String] = []
        var files: [String] = []
        FolderWalk.walk(directory.standardizedFileURL.path, in: tree, unreadable: { failed.append($0) }) { entry in
            guard entry.name != "includes", !entry.name.hasPrefix(".") else { return false }
            if !entry.isFolder, FolderWalk.hasExtension(entry.name, "md"), !Self.notDocuments.contains(entry.name.lowercased()) {
                files.append(entry.path)
            }
            return true
        }
        failed.sorted().forEach { unreadable(URL(fileURLWithPath: $0, isDirectory: true)) }
        return files.sorted()
    }
}
