import Foundation
@testable import Site
import StepwiseTestSupport
import Testing

@Suite struct SiteWriterTests {
    func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a build replaces the site and leaves no temporary folder behind")
    func replaces() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        try writer.write(["index.html": Data("one".utf8), "old.html": Data("old".utf8)])
        try writer.write(["index.html": Data("two".utf8)])
        #expect(try contents(generated) == ["site"])
        #expect(try contents(generated.appendingPathComponent("site")) == ["index.html"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "two")
    }

    @Test("a build that finishes its own work after the swap gets the site's result, the new site in place; the previous site is gone once it returns, and an error of that work is thrown")
    func finishesBesideRemoval() throws {
        struct Failure: Error {}
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        try writer.write(["index.html": Data("one".utf8), "old/deep/page.html": Data("old".utf8)])
        var finished: String?
        let result = try writer.write({ draft -> String in
            try draft.put("index.html", Data("two".utf8))
            return "written"
        }) { result in
            // The new site is in place while this runs.
            finished = result + " " + (try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8))
        }
        #expect(result == "written" && finished == "written two")
        #expect(try contents(generated) == ["site"], "the previous site, swapped out, is removed before the write returns")
        #expect(try contents(generated.appendingPathComponent("site")) == ["index.html"])
        #expect(throws: Failure.self) {
            try writer.write({ draft in try draft.put("index.html", Data("three".utf8)) }) { _ in throw Failure() }
        }
        #expect(try contents(generated) == ["site"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "three")
    }

    @Test("a file is written with exactly its bytes, an existing one replaced whole, as Data.write writes it")
    func writesFiles() throws {
        let scratch = try TemporaryDirectory()
        let large = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        for (name, data) in [("empty", Data()), ("small", Data("<p>é</p>".utf8)), ("large", large)] {
            let ours = scratch.url.appendingPathComponent(name), foundation = scratch.url.appendingPathComponent(name + ".foundation")
            try Data(repeating: 0x41, count: 5_000_000).write(to: ours)
            try SiteWriter.writeFile(data, to: ours)
            try data.write(to: foundation)
            #expect(try Data(contentsOf: ours) == data)
            let mode = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int }
            #expect(try mode(ours) == mode(foundation))
        }
        #expect(throws: (any Error).self) { try SiteWriter.writeFile(Data("x".utf8), to: scratch.url.appendingPathComponent("missing/folder/file")) }
    }

    @Test("files deep in folders are written, each folder made once; a file where a folder must be fails the build, the previous site intact")
    func folders() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        let files = ["fr-fr/a/b/c/one.html", "fr-fr/a/b/two.html", "fr-fr/a/three.html", "es-es/a/b/c/one.html", "index.html"]
        try writer.write(Dictionary(uniqueKeysWithValues: files.map { ($0, Data($0.utf8)) }))
        for file in files { #expect(try String(contentsOf: generated.appendingPathComponent("site/" + file), encoding: .utf8) == file) }
        #expect(try contents(generated.appendingPathComponent("site/fr-fr/a")) == ["b", "three.html"])
        let error = #expect(throws: (any Error).self) { try writer.write(["fr-fr/a": Data("file".utf8), "fr-fr/a/b.html": Data("under a file".utf8)]) }
        // Written in path order: the file, then the page, whose folder cannot be made.
        let message = error.map { "\($0)" } ?? ""
        #expect(message.hasPrefix("cannot make the folder '") && message.contains("/fr-fr/a': "), "the error names the folder: \(message)")
        #expect(try contents(generated) == ["site"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/fr-fr/a/b/two.html"), encoding: .utf8) == "fr-fr/a/b/two.html")
    }

    @Test("temporary folders left by killed runs are removed; other folders of generated/ are not")
    func leftovers() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        for folder in ["tmp-site-1234", "tmp-old-site-5678", "swift", "tmp-other"] {
            try FileManager.default.createDirectory(at: generated.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try SiteWriter(generated: generated).write(["index.html": Data("one".utf8)])
        #expect(try contents(generated) == ["site", "swift", "tmp-other"])
    }

    @Test("a failed build leaves the previous site intact and writes nothing outside generated/", arguments: ["../escape.html", "/etc/evil.html", "a/../../b.html"])
    func failure(path: String) throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        try writer.write(["index.html": Data("good".utf8)])
        #expect(throws: (any Error).self) { try writer.write(["a.html": Data("new".utf8), path: Data("bad".utf8)]) }
        #expect(try contents(generated) == ["site"])
        #expect(try contents(scratch.url) == ["generated"])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "good")
    }

    @Test("a build whose files are all the previous site's leaves the site folder as it is; a file more, less or changed replaces it")
    func unchangedSiteLeft() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        func folderNumber() throws -> UInt64 {
            try #require(try FileManager.default.attributesOfItem(atPath: generated.appendingPathComponent("site").path)[.systemFileNumber] as? UInt64)
        }
        let files = ["index.html": Data("one".utf8), "a/b/page.html": Data("page".utf8)]
        try writer.write(files)
        let first = try folderNumber()
        try writer.write { draft in
            try draft.put("index.html", Data("one".utf8))
            try draft.keep("a/b/page.html", from: generated.appendingPathComponent("site/a/b/page.html"))
        }
        #expect(try folderNumber() == first, "nothing written")
        #expect(try contents(generated) == ["site"])
        try writer.write(["index.html": Data("one".utf8)])
        #expect(try folderNumber() != first, "a file fewer")
        #expect(try contents(generated.appendingPathComponent("site")) == ["index.html"])
        let second = try folderNumber()
        try writer.write(files)
        #expect(try folderNumber() != second, "a file more")
        #expect(try String(contentsOf: generated.appendingPathComponent("site/a/b/page.html"), encoding: .utf8) == "page")
        let third = try folderNumber()
        try FileManager.default.createDirectory(at: generated.appendingPathComponent("site/empty"), withIntermediateDirectories: true)
        try writer.write(files)
        #expect(try folderNumber() != third, "a folder the build does not make")
        #expect(try contents(generated.appendingPathComponent("site")) == ["a", "index.html"])
        try writer.write(["index.html": Data("two".utf8), "a/b/page.html": Data("page".utf8)])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/index.html"), encoding: .utf8) == "two")
        #expect(try String(contentsOf: generated.appendingPathComponent("site/a/b/page.html"), encoding: .utf8) == "page")
    }

    @Test("a file whose bytes did not change is the previous build's file, not written again; a changed one is new")
    func unchangedKept() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        func inode(_ path: String) throws -> UInt64 {
            try #require(try FileManager.default.attributesOfItem(atPath: generated.appendingPathComponent("site/" + path).path)[.systemFileNumber] as? UInt64)
        }
        try writer.write(["same.html": Data("same".utf8), "part/changed.html": Data("before".utf8), "grown.html": Data("a".utf8)])
        let before = try ["same.html", "part/changed.html", "grown.html"].map(inode)
        try writer.write(["same.html": Data("same".utf8), "part/changed.html": Data("after!".utf8), "grown.html": Data("ab".utf8)])
        #expect(try inode("same.html") == before[0])
        #expect(try inode("part/changed.html") != before[1] && inode("grown.html") != before[2])
        #expect(try String(contentsOf: generated.appendingPathComponent("site/part/changed.html"), encoding: .utf8) == "after!")
        #expect(try contents(generated) == ["site"])
    }

    @Test("files kept into a new draft are the previous site's files, linked on the linker's thread; one put after it was kept has the put bytes; one that cannot be linked is copied; one that cannot be read fails the build, the site intact")
    func keptIntoNewDraft() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let writer = SiteWriter(generated: generated)
        let site = generated.appendingPathComponent("site")
        let pages = Dictionary(uniqueKeysWithValues: (0..<300).map { ("part-\($0 % 7)/page-\($0).html", Data("page \($0)".utf8)) })
        try writer.write(pages.merging(["index.html": Data("one".utf8)]) { $1 })
        let before = try Dictionary(uniqueKeysWithValues: pages.keys.map { ($0, try inode(site.appendingPathComponent($0))) })
        // Another file system (a link cannot cross it): /dev/shm where there is one.
        let elsewhere = URL(fileURLWithPath: "/dev/shm/stepwise-keep-\(UUID().uuidString).html")
        let linkable = FileManager.default.createFile(atPath: elsewhere.path, contents: Data("from elsewhere".utf8))
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try writer.write { draft in
            try draft.put("index.html", Data("two".utf8))
            for path in pages.keys.sorted() { try draft.keep(path, from: site.appendingPathComponent(path)) }
            try draft.put("part-3/page-3.html", Data("put after it was kept".utf8))
            if linkable { try draft.keep("copied.html", from: elsewhere) }
        }
        for (path, number) in before where path != "part-3/page-3.html" {
            #expect(try inode(site.appendingPathComponent(path)) == number, "\(path) is the previous site's file")
        }
        #expect(try String(contentsOf: site.appendingPathComponent("part-3/page-3.html"), encoding: .utf8) == "put after it was kept")
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        if linkable { #expect(try String(contentsOf: site.appendingPathComponent("copied.html"), encoding: .utf8) == "from elsewhere") }
        #expect(try contents(generated) == ["site"])

        let missing = scratch.url.appendingPathComponent("missing.html")
        #expect(throws: (any Error).self) {
            try writer.write { draft in
                try draft.put("index.html", Data("three".utf8))
                for path in pages.keys.sorted() { try draft.keep(path, from: site.appendingPathComponent(path)) }
                try draft.keep("gone.html", from: missing)
            }
        }
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "two", "the previous site intact")
        #expect(try contents(generated) == ["site"], "no draft left")
    }

    @Test("a path is written only when it names a file inside the site: relative, named, without . or .. among its names; crafted and generated paths against that definition")
    func insidePaths() throws {
        func inside(_ path: String) -> Bool {
            let names = path.split(separator: "/", omittingEmptySubsequences: true)
            return !path.hasPrefix("/") && !names.isEmpty && !names.contains { $0 == "." || $0 == ".." }
        }
        func accepted(_ path: String) -> Bool { (try? SiteWriter.Draft.checked(path)) == path }
        for path in ["a.html", "a/b.html", "a//b.html", "a/", ".hidden", "..a", "a..", "...", "a/.b/c", "é/ü.html"] {
            #expect(accepted(path), "\(path)")
        }
        for path in ["", "/", "//", "/a", ".", "..", "./a", "a/.", "a/..", "a/./b", "a/../b", "../escape.html", "a//../b"] {
            #expect(!accepted(path), "\(path)")
        }
        // Every path of up to four characters of these, against the definition.
        let alphabet: [Character] = ["a", ".", "/"]
        var paths = [""]
        for _ in 0..<4 { paths = paths + paths.flatMap { path in alphabet.map { path + String($0) } } }
        for path in Set(paths) { #expect(accepted(path) == inside(path), "\(path)") }
    }

    /// Every file below `folder` (relative path → text) and every folder (relative path → "/").
    private func tree(_ folder: URL) throws -> [String: String] {
        var found: [String: String] = [:]
        let prefix = folder.path.count + 1
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            found[String(url.path.dropFirst(prefix))] = isFolder.boolValue ? "/" : try String(contentsOf: url, encoding: .utf8)
        }
        return found
    }

    private func inode(_ url: URL) throws -> UInt64 {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    @Test("with a spare, the replaced site is kept there and the next build writes over it: exactly the new files and their folders, files unchanged since the site linked, never a file of the live site written into")
    func spareWrittenOver() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let spare = scratch.url.appendingPathComponent(".stepwise/cache/site-spare")
        let writer = SiteWriter(generated: generated, spare: spare)
        let site = generated.appendingPathComponent("site")
        let first = ["a.html": "1", "x/b.html": "b", "x/y/c.html": "c", "f/g.html": "g", "gone/deep/h.html": "h"]
        try writer.write(first.mapValues { Data($0.utf8) })
        #expect(!FileManager.default.fileExists(atPath: spare.path), "the first build replaces no site")
        try writer.write(first.mapValues { Data($0.utf8) }.merging(["x/b.html": Data("b2".utf8)]) { $1 })
        #expect(try tree(spare) == tree(site).merging(["x/b.html": "b"]) { $1 }, "the replaced site is the spare")
        let kept = try inode(site.appendingPathComponent("a.html"))
        let third = ["a.html": "2", "x/b.html": "b2", "f": "now a file", "z/d.html": "d"]
        try writer.write { draft in
            for (path, text) in third.sorted(by: { $0.key < $1.key }) {
                try draft.put(path, Data(text.utf8))
                // The spare's a.html is the live site's file (unchanged by the second build): replaced, not written into.
                #expect(try String(contentsOf: site.appendingPathComponent("a.html"), encoding: .utf8) == "1")
            }
            #expect(draft.recycled != nil, "the spare is the draft")
        }
        let expected = third.merging(["x": "/", "z": "/"]) { $1 }
        #expect(try tree(site) == expected)
        #expect(try inode(spare.appendingPathComponent("a.html")) == kept, "the replaced site is the spare again")
        #expect(try contents(generated) == ["site"])
        // A build that changes nothing leaves the site and the spare as they are.
        let spareBefore = try tree(spare)
        try writer.write(third.mapValues { Data($0.utf8) })
        #expect(try tree(site) == expected && tree(spare) == spareBefore)
    }

    @Test("a spare that is a link (to a folder outside generated/) is not written into: the draft is a new folder, the link's target untouched")
    func spareLinkNotFollowed() throws {
        let scratch = try TemporaryDirectory()
        let generated = scratch.url.appendingPathComponent("generated")
        let outside = scratch.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: outside.appendingPathComponent("a.html"))
        let spare = scratch.url.appendingPathComponent("spare")
        try FileManager.default.createSymbolicLink(at: spare, withDestinationURL: outside)
        let writer = SiteWriter(generated: generated, spare: spare)
        try writer.write(["a.html": Data("1".utf8)])
        try writer.write { draft in
            try draft.put("a.html", Data("2".utf8))
            try draft.put("b/c.html", Data("3".utf8))
            #expect(draft.recycled == nil)
        }
        #expect(try tree(outside) == ["a.html": "keep me"])
        #expect(try tree(generated.appendingPathComponent("site")) == ["a.html": "2", "b": "/", "b/c.html": "3"])
    }

    @Test("the folders files are in: every folder on each file's way, each once, none for a file at the top")
    func foldersOfFiles() {
        #expect(SiteWriter.folders(of: ["a/b/c.html", "a/d.html", "e.html", "é/ü/x.html", "a/b/f/g.html"])
            == ["a", "a/b", "a/b/f", "é", "é/ü"])
        #expect(SiteWriter.folders(of: ["index.html"]).isEmpty)
    }
}
