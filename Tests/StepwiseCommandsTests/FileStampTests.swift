import Foundation
import StepwiseTestSupport
@testable import StepwiseCommands
import Testing

/// The `ms.assetid` a file stamp reads from a document's first bytes, as the lines of its text are
/// cut at each `"\n"` character.
@Suite struct FileStampTests {
    func assetID(_ text: String) -> String? { FileStamp.assetID(in: Data(text.utf8)) }

    @Test("the asset id of the front matter, after spaces and tabs, unquoted")
    func found() {
        #expect(assetID("---\ntitle: x\nms.assetid: abc-123\n---\n") == "abc-123")
        #expect(assetID("---\n \tms.assetid: \"abc\"\r") == "abc", "a CR at the end is trimmed with the quotes")
        #expect(assetID("---\n\n\nms.assetid:  'q' \n") == "q")
        #expect(assetID("ms.assetid: last") == "last")
    }

    @Test("none: empty, another key, a mark on the colon, an id beyond the 60th line or the first 4 kB")
    func notFound() {
        #expect(assetID("---\nms.assetid:\n---") == nil)
        #expect(assetID("---\nms.asset: x\nxms.assetid: y\n") == nil)
        #expect(assetID("---\nms.assetid:\u{301} x\n") == nil, "“:” with a combining accent is another character")
        #expect(assetID("---\n \u{301}ms.assetid: x\n") == nil, "a space with a combining accent is not a space")
        #expect(assetID(String(repeating: "a\n\n", count: 59) + "ms.assetid: x\n") == "x", "the 60th non-empty line")
        #expect(assetID(String(repeating: "a\n\n", count: 60) + "ms.assetid: x\n") == nil, "the 61st")
        #expect(assetID(String(repeating: "a", count: 4090) + "\nms.assetid: x\n") == nil)
    }

    @Test("\"\\r\\n\" is one character, not a line break: a file with CRLF endings is one line")
    func crlf() {
        #expect(assetID("---\r\nms.assetid: abc\r\n---\r\n") == nil)
        #expect(assetID("ms.assetid: abc\r\n---\r\n") == "abc\r\n---\r\n", "the value runs to the end of the one line")
        #expect(assetID("---\r\n\nms.assetid: abc\n") == "abc", "an LF after CRLF breaks the line")
    }

    @Test("a file is stamped once, whatever the spelling of its path")
    func sameStamp() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a/b.md", "text\n")
        let stamps = CheckCache.Stamps()
        let plain = try #require(stamps.stamp(path: folder.url.path + "/a/b.md"))
        #expect(stamps.stamp(path: folder.url.path + "/a/../a/./b.md") == plain)
        #expect(stamps.all.count == 1)
    }

    @Test("an absent file is looked for once a run, like a present one: the run sees one state of each file; the next run sees the file")
    func absentOnce() throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.path + "/media/missing.png"
        let stamps = CheckCache.Stamps()
        #expect(stamps.stamp(path: path) == nil)
        try folder.write("media/missing.png", "PNG")
        #expect(stamps.stamp(path: path) == nil, "absent for the whole run")
        #expect(stamps.all.isEmpty)
        #expect(CheckCache.Stamps().stamp(path: path)?.hash == FileStamp.checksum(Data("PNG".utf8)), "a later run")
    }

    /// Rewrites the file at `path` with `text` and gives it the modification time `seconds` (since 1970).
    private func write(_ text: String, to path: String, modified seconds: Int) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// The stamp of a file written with the modification time `seconds`, and its stamp in a later run
    /// (which knows the first) after it was rewritten with other bytes of the same size and time.
    private func stampedTwice(modified seconds: Int) throws -> (first: FileStamp, second: FileStamp?) {
        let folder = try TemporaryDirectory()
        let path = folder.url.path + "/page.md"
        try write("before\n", to: path, modified: seconds)
        let first = CheckCache.Stamps()
        let stamp = try #require(first.stamp(path: path))
        try write("after!\n", to: path, modified: seconds)
        let second = CheckCache.Stamps()
        second.previous = first.all
        return (stamp, second.stamp(path: path))
    }

    @Test("a file read within two seconds of its time is read again by the next run, even with the same size and time")
    func racyStampReadAgain() throws {
        let (first, second) = try stampedTwice(modified: FileStamp.now() / 1_000_000_000)
        #expect(first.racy == true)
        #expect(second?.hash == FileStamp.checksum(Data("after!\n".utf8)), "same size and time, new content")
    }

    @Test("a file older than two seconds when read is trusted by its size and time: the next run does not read it")
    func settledStampTrusted() throws {
        let (first, second) = try stampedTwice(modified: FileStamp.now() / 1_000_000_000 - 10)
        #expect(first.racy == nil)
        #expect(second?.hash == first.hash, "unchanged size and time: the stored hash, the file not read")
        #expect(FileStamp.isRacy(modified: 5_000_000_000, readAt: 6_999_999_999) && !FileStamp.isRacy(modified: 5_000_000_000, readAt: 7_000_000_000))
        #expect(FileStamp.isRacy(modified: 5_000_000_000, readAt: 4_000_000_000), "a time in the future is racy")
    }

    @Test("two stamps have the same identity exactly when their identities are equal: size and time, not hash or racy mark",
          arguments: [(12, 3_000), (12, 3_001), (13, 3_000), (1, 23_000), (0, -5), (0, 0)])
    func sameIdentity(size: Int, modified: Int) {
        let stamp = FileStamp(size: 12, modified: 3_000, hash: "a", racy: true)
        let other = FileStamp(size: size, modified: modified, hash: "b")
        #expect(stamp.sameIdentity(as: other) == (stamp.identity == other.identity))
        #expect(other.sameIdentity(as: stamp) == (size == 12 && modified == 3_000))
    }

    @Test("a file the loader read is stamped from the bytes it read, not read again; one stamped or found absent before keeps that")
    func stampedFromLoaderBytes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.md", "on disk\n")
        try folder.write("b.md", "on disk\n")
        let (a, b, absent) = (folder.url.path + "/a.md", folder.url.path + "/b.md", folder.url.path + "/gone.md")
        let stamps = CheckCache.Stamps()
        let before = try #require(stamps.stamp(path: b))
        #expect(stamps.stamp(path: absent) == nil)
        stamps.didRead(path: folder.url.path + "/./a.md", data: Data("as read, ms.assetid: x\nms.assetid: read-id\n".utf8), size: 40, modified: 7)
        stamps.didRead(path: b, data: Data("other bytes\n".utf8), size: 12, modified: 7)
        stamps.didRead(path: absent, data: Data("late\n".utf8), size: 5, modified: 7)
        let stamped = try #require(stamps.stamp(path: a))
        #expect(stamped.hash == FileStamp.checksum(Data("as read, ms.assetid: x\nms.assetid: read-id\n".utf8)), "the bytes handed over, not the file's")
        #expect(stamped.size == 40 && stamped.modified == 7 && stamped.assetID == "read-id")
        #expect(stamped.racy == nil, "read long after its time")
        #expect(stamps.stamp(path: b) == before)
        #expect(stamps.stamp(path: absent) == nil && stamps.all.count == 2)
    }

    @Test("a document's asset id is its stamp's when stamped, else read from its head without stamping it")
    func assetIDFromHead() throws {
        let folder = try TemporaryDirectory()
        try folder.write("a.md", "---\nms.assetid: head-id\n---\n" + String(repeating: "text\n", count: 2_000))
        try folder.write("b.md", "---\nms.assetid: b-id\n---\n")
        try folder.write("late.md", String(repeating: "x", count: 4_100) + "\nms.assetid: late\n")
        let stamps = CheckCache.Stamps()
        #expect(stamps.assetID(path: folder.url.path + "/a.md") == "head-id")
        #expect(stamps.assetID(path: folder.url.path + "/late.md") == nil, "beyond the first 4 kB")
        #expect(stamps.assetID(path: folder.url.path + "/missing.md") == nil)
        #expect(stamps.all.isEmpty && stamps.absentFiles.isEmpty, "nothing stamped")
        stamps.didRead(path: folder.url.path + "/b.md", data: Data("ms.assetid: as-read\n".utf8), size: 20, modified: 1)
        #expect(stamps.assetID(path: folder.url.path + "/b.md") == "as-read")
    }
}
