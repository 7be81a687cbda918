import Foundation
import StepwiseDiagnostics

/// Expands command-line paths into the Markdown documents to read, sorted.
///
/// Directories are searched recursively for `*.md`; files inside `includes/` folders are includes,
/// read through the documents that include them, not on their own.
struct MarkdownCollector {
    var fileManager = FileManager.default

    func collect(_ paths: [String]) throws(StepwiseError) -> [URL] {
        var result: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StepwiseError("file-missing", at: SourceLocation(path: path), "no such file or directory")
            }
            guard isDirectory.boolValue else {
                result.append(URL(fileURLWithPath: path).standardizedFileURL)
                continue
            }
            let found = markdownFiles(under: URL(fileURLWithPath: path, isDirectory: true))
            guard !found.isEmpty else {
                throw StepwiseError("no-markdown", at: SourceLocation(path: path), "directory contains no Markdown (.md) documents")
            }
            result += found
        }
        var seen = Set<String>()
        return result.filter { seen.insert($0.path).inserted }
    }

    private func markdownFiles(under directory: URL) -> [URL] {
        guard let enumerator = fileManager.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == "includes" || url.lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension.lowercased() == "md", url.lastPathComponent.lowercased() != "readme.md" {
                files.append(url.standardizedFileURL)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
