import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

/// `ContainedFiles` resolves a file from its folder's canonical path, kept for the next file of the
/// folder: it must name exactly what `realpath` names, whatever links lie on the way.
@Suite struct ContainedFilesTests {
    /// A content root with a file, a folder, links to both (inside and outside the root), a broken
    /// link, and a second way into the root through a linked folder.
    private func tree() throws -> (TemporaryDirectory, root: URL, alias: URL) {
        let folder = try TemporaryDirectory()
        let fileManager = FileManager.default
        try folder.write("content/a/b/c.md", "c")
        try folder.write("content/a/b/d.md", "d")
        try folder.write("content/a/x.md", "x")
        try folder.write("content/a/b/dir/e.md", "e")
        try folder.write("outside/secret.md", "secret")
        let root = folder.url.appendingPathComponent("content")
        func link(_ path: String, to destination: String) throws {
            try fileManager.createSymbolicLink(atPath: root.appendingPathComponent(path).path, withDestinationPath: destination)
        }
        try link("a/b/to-c.md", to: "c.md")
        try link("a/to-b", to: "b")
        try link("a/b/to-dir", to: "dir")
        try link("a/out", to: "../../outside")
        try link("a/out.md", to: "../../outside/secret.md")
        try link("a/broken.md", to: "nowhere.md")
        try link("a/b/up", to: "..")
        let alias = folder.url.appendingPathComponent("alias")
        try fileManager.createSymbolicLink(atPath: alias.path, withDestinationPath: "content")
        return (folder, root, alias)
    }

    static let paths = [
        "a/b/c.md", "a/b/d.md", "a/x.md", "a/b/dir", "a/b/dir/e.md", "a/b/to-c.md", "a/to-b/c.md", "a/to-b/to-c.md",
        "a/b/to-dir", "a/b/to-dir/e.md", "a/b/up/x.md", "a/b/up/b/c.md", "a/b/../x.md", "a/to-b/../x.md", "a/b/./c.md",
        "a/out/secret.md", "a/out.md", "a/broken.md", "a/missing.md", "a/b/c.md/under", "a/b/..", "a/.", "a", ".",
    ]

    @Test("each path resolves as realpath resolves it, the first time and from the kept folder, through the root or a link to it")
    func sameAsRealpath() throws {
        let (folder, root, alias) = try tree()
        let contained = ContainedFiles(root: root)
        for base in [root, alias] {
            for pass in 1...2 {
                for path in Self.paths {
                    let url = URL(fileURLWithPath: base.path + "/" + path)
                    #expect(contained.canonicalFile(url) == ContainedFiles.canonical(url), "\(url.path), pass \(pass)")
                }
            }
        }
        _ = folder
    }

    @Test("a copy shares the kept folders, and a file linked out of the root is refused after its folder was seen")
    func refusedAfterKept() throws {
        let (folder, root, alias) = try tree()
        let contained = ContainedFiles(root: alias)
        let copy = contained
        #expect(try copy.resolve(alias.appendingPathComponent("a/x.md")) == root.resolvingSymlinksInPath().appendingPathComponent("a/x.md"))
        let outside = folder.url.resolvingSymlinksInPath().appendingPathComponent("outside/secret.md").path
        #expect(throws: ContainedFiles.Refusal.outsideRoot(outside)) { try contained.resolve(alias.appendingPathComponent("a/out.md")) }
        #expect(throws: ContainedFiles.Refusal.outsideRoot(outside)) { try contained.resolve(alias.appendingPathComponent("a/out/secret.md")) }
        #expect(throws: ContainedFiles.Refusal.unreadable) { try contained.resolve(alias.appendingPathComponent("a/broken.md")) }
        #expect(try String(decoding: contained.read(alias.appendingPathComponent("a/to-b/to-c.md")), as: UTF8.self) == "c")
    }

    @Test("the run's roots hand out one contained files per root, however the root is written")
    func oneForEachRoot() throws {
        let (folder, root, _) = try tree()
        let roots = ContainedRoots()
        let first = roots.files(in: root)
        let again = roots.files(in: URL(fileURLWithPath: root.path + "/a/.."))
        #expect(first.root == again.root)
        #expect(roots.count == 1)
        #expect(roots.files(in: root.appendingPathComponent("a")).root.path == first.root.appendingPathComponent("a").path)
        #expect(roots.count == 2)
        _ = folder
    }
}
