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

    /// Records each file read through it.
    private final class Recorder: FileReadObserver, @unchecked Sendable {
        var reads: [(path: String, data: Data, size: Int, modified: Int)] = []
        func didRead(path: String, data: Data, size: Int, modified: Int) { reads.append((path, data, size, modified)) }
    }

    @Test("a regular file is read whole, whatever its size, and the observer is handed its bytes with the size and time stat gives",
          arguments: [1, 4_095, 4_096, 4_097, 65_537, 300_001])
    func readWhole(size: Int) throws {
        let folder = try TemporaryDirectory()
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let url = folder.url.appendingPathComponent("page.md")
        try bytes.write(to: url)
        let recorder = Recorder()
        #expect(try ContainedFiles.readRegularFile(url, observer: recorder) == bytes)
        var status = stat()
        #expect(stat(url.path, &status) == 0)
        let read = try #require(recorder.reads.first)
        #expect(recorder.reads.count == 1 && read.path == url.path && read.data == bytes && read.size == size)
        #expect(read.modified == FileTime.nanoseconds(status.st_mtim))
    }

    @Test("an empty file is read as no bytes; a file over the limit, a folder, a FIFO and a missing file are refused, unobserved and unblocked")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        try folder.write("empty.md", "")
        try folder.write("large.md", String(repeating: "a", count: 101))
        try folder.write("dir/x.md", "x")
        let fifo = folder.url.appendingPathComponent("fifo.md")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let recorder = Recorder()
        #expect(try ContainedFiles.readRegularFile(folder.url.appendingPathComponent("empty.md"), observer: recorder).isEmpty)
        #expect(try ContainedFiles.readRegularFile(folder.url.appendingPathComponent("large.md"), maximumBytes: 101).count == 101)
        #expect(throws: ContainedFiles.Refusal.tooLarge(bytes: 101, limit: 100)) {
            try ContainedFiles.readRegularFile(folder.url.appendingPathComponent("large.md"), maximumBytes: 100, observer: recorder)
        }
        #expect(throws: ContainedFiles.Refusal.notRegularFile) { try ContainedFiles.readRegularFile(folder.url.appendingPathComponent("dir"), observer: recorder) }
        #expect(throws: ContainedFiles.Refusal.notRegularFile) { try ContainedFiles.readRegularFile(fifo, observer: recorder) }
        #expect(throws: ContainedFiles.Refusal.unreadable) { try ContainedFiles.readRegularFile(folder.url.appendingPathComponent("missing.md"), observer: recorder) }
        #expect(recorder.reads.map(\.size) == [0], "only the empty file was read")
    }
}
