import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import StepwiseWorkspace
import Testing

/// The folder walk that lists the content (documents, Markdown files, tables of contents) finds what
/// Foundation's directory enumerator finds, without making a URL per entry.
@Suite struct FolderWalkTests {
    /// A tree with documents, includes, hidden folders and files, read-mes, tables of contents, upper-case
    /// extensions, a link to a folder and a link to a file.
    private func tree() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for path in ["en-us/articles/a.md", "en-us/articles/b.MD", "en-us/articles/sub/c.md", "en-us/articles/readme.md", "en-us/articles/TOC.md",
                     "en-us/includes/i.md", "en-us/articles/includes/j.md", "en-us/.hidden/h.md", "en-us/articles/.d.md", "en-us/articles/notes.txt",
                     "en-us/articles/x.md.txt", "en-us/articles/.md", "de-de/articles/d.md", "de-de/articles/media/e.png"] {
            try folder.write(path, "text\n")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/en-us/linked", withDestinationPath: folder.url.path + "/de-de")
        try FileManager.default.createSymbolicLink(atPath: folder.url.path + "/en-us/articles/link.md", withDestinationPath: folder.url.path + "/de-de/articles/d.md")
        return folder
    }

    /// The documents below `directory` as Foundation's enumerator lists them (the discovery's former walk).
    private func enumerated(_ directory: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey])!
        var files: [URL] = []
        for case let url as URL in enumerator {
            if url.lastPathComponent == "includes" || url.lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            if url.pathExtension.lowercased() == "md", !DocumentDiscovery.notDocuments.contains(url.lastPathComponent.lowercased()) {
                files.append(url.standardizedFileURL)
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test("the documents found are those Foundation's enumerator finds: includes, hidden entries, read-mes and tables of contents aside, links not followed")
    func documentsAsEnumerated() throws {
        let folder = try tree()
        let found = DocumentDiscovery().markdownFiles(under: folder.url)
        #expect(found == enumerated(folder.url))
        #expect(found.map(\.lastPathComponent) == ["d.md", "a.md", "b.MD", "link.md", "c.md"])
    }

    @Test("every entry is visited once, a folder before what it holds; a folder the visitor refuses is not entered")
    func visits() throws {
        let folder = try tree()
        var paths: [String] = []
        FolderWalk.walk(folder.url.path) { entry in
            paths.append(String(entry.path.dropFirst(folder.url.path.count + 1)) + (entry.isFolder ? "/" : ""))
            return entry.name != "articles" || entry.path.contains("de-de")
        }
        #expect(Set(paths).count == paths.count)
        #expect(paths.sorted() == ["de-de/", "de-de/articles/", "de-de/articles/d.md", "de-de/articles/media/", "de-de/articles/media/e.png",
                                   "en-us/", "en-us/.hidden/", "en-us/.hidden/h.md", "en-us/articles/", "en-us/includes/", "en-us/includes/i.md", "en-us/linked"])
        #expect(paths.firstIndex(of: "de-de/articles/")! < paths.firstIndex(of: "de-de/articles/d.md")!)
        var unreadable: [String] = []
        FolderWalk.walk(folder.url.path + "/missing", unreadable: { unreadable.append($0) }) { _ in true }
        #expect(unreadable == [folder.url.path + "/missing"])
    }

    /// Every walk of `folder` as (path, kind) in visit order, refusing folders named `refused`.
    private func walked(_ folder: String, in tree: FolderTree?, refusing refused: String = "") -> (entries: [String], unreadable: [String]) {
        var entries: [String] = [], unreadable: [String] = []
        FolderWalk.walk(folder, in: tree, unreadable: { unreadable.append($0) }) { entry in
            entries.append(entry.path + (entry.isFolder ? "/" : ""))
            return entry.name != refused
        }
        return (entries, unreadable)
    }

    @Test("a recorded tree replays the walk of any folder it holds: the same entries in the same order, refused folders skipped, without the disk")
    func treeReplaysTheWalk() throws {
        let folder = try tree()
        let root = folder.url.path
        let tree = FolderTree(walking: [root + "/en-us", root + "/de-de/", root + "/missing", root + "/en-us/articles"])
        for start in [root + "/en-us", root + "/de-de", root + "/en-us/articles", root + "/en-us/articles/sub"] {
            for refused in ["", "articles", "sub", "media"] {
                let replayed = walked(start, in: tree, refusing: refused)
                #expect(replayed.entries == walked(start, in: nil, refusing: refused).entries, "\(start) refusing \(refused)")
                #expect(replayed.unreadable.isEmpty)
            }
        }
        #expect(walked(root + "/en-us", in: tree).entries.count == 19)
        #expect(tree.holds(root + "/en-us/articles/sub") && tree.holds(root + "/missing"))
        #expect(!tree.holds(root) && !tree.holds(root + "/en-us/linked") && !tree.holds(root + "/en-us/articles/a.md"))
        #expect(tree.holds(root + "/de-de/articles/media"))
        // A folder that could not be listed when the tree was made is reported as the walk reports it.
        #expect(walked(root + "/missing", in: tree) == ([], [root + "/missing"]))

        // What changed on the disk since: the tree's folders show the tree's files; a folder outside
        // it is walked on the disk.
        try folder.write("en-us/articles/new.md", "text\n")
        try folder.write("fr-fr/articles/f.md", "text\n")
        let discovered = DocumentDiscovery(tree: tree).markdownFiles(under: folder.url.appendingPathComponent("en-us"))
        #expect(!discovered.map(\.lastPathComponent).contains("new.md"))
        #expect(DocumentDiscovery().markdownFiles(under: folder.url.appendingPathComponent("en-us")).map(\.lastPathComponent).contains("new.md"))
        #expect(walked(root + "/fr-fr", in: tree).entries == [root + "/fr-fr/articles/", root + "/fr-fr/articles/f.md"])
    }

    @Test("an extension is read as URL reads it: after the last dot, not a leading one, in any case")
    func extensions() {
        for name in ["a.md", "a.MD", "a.Md", ".md", "md", "a.md.txt", "a.b.md", "a.", "a.mdx", "a..md", "é.md", "a.m"] {
            #expect(FolderWalk.hasExtension(name, "md") == (URL(fileURLWithPath: "/x/" + name).pathExtension.lowercased() == "md"), "\(name)")
        }
    }
}
