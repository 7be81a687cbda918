import Foundation
import StepwiseTestSupport
@testable import StepwiseCommands
import Testing

/// A check through the cache is recorded whole (`RunRecord`): when no file it read and no path below
/// its folders changed, the next check prints the recorded output without checking anything; any
/// change — a page, an include, a new or deleted page, `stepwise.yml`, the tool, the options — runs
/// the check, whose output is that of a run without any cache.
@Suite(.serialized) struct RunRecordTests {
    typealias Project = CheckCacheTests.Project

    static let german = CheckCacheTests.german

    /// A project whose checks replay their record.
    static func project() throws -> Project {
        let project = try Project()
        project.replays = true
        return project
    }

    /// `files` (path → identity) as a record keeps them (`RunRecord.joined`).
    static func joined(_ files: [String: String]) -> String {
        RunRecord.joined(files.map { (path: $0.key, identity: $0.value) })
    }

    /// The run record of `project`.
    static func record(_ project: Project) -> URL {
        project.folder.url.appendingPathComponent("project/.stepwise/cache/check-run.bin")
    }

    /// Dates every file of the project an hour back, so that no stamp is racy and runs are recorded.
    static func age(_ project: Project) throws {
        let old = Date(timeIntervalSinceNow: -3_600)
        for folder in [project.content, project.folder.url.appendingPathComponent("project")] {
            for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: folder.appendingPathComponent(path).path)
            }
        }
    }

    /// Why a run that should have been recorded was not (a failure's comment): the files of the
    /// project modified in the last minute, which make a run's stamps racy (see `FileStamp.isRacy`).
    static func unrecorded(_ project: Project) -> Comment {
        let recent = Date(timeIntervalSinceNow: -60)
        var modified: [String] = []
        for folder in [project.content, project.folder.url.appendingPathComponent("project")] {
            // The stored shares (written by every run) are left out: the run reads none of them as an input.
            for path in (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? [] where !path.hasPrefix(".stepwise/cache/check/") {
                let url = folder.appendingPathComponent(path)
                if let date = try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date, date > recent {
                    modified.append("\(url.path) (\(date.timeIntervalSinceNow) s)")
                }
            }
        }
        return "not recorded; modified in the last minute: \(modified.isEmpty ? "none" : modified.joined(separator: ", "))"
    }

    /// Tampers every stored share (see `CheckCacheTests.Project.tamper`) and keeps the run record:
    /// a report with the marker was checked through the shares, one without it replayed.
    static func tamperShares(_ project: Project) throws {
        let record = try Data(contentsOf: Self.record(project))
        try project.tamper("FROM-CACHE")
        try record.write(to: Self.record(project))
    }

    /// A project whose check was recorded (its output: `plain`), its shares then tampered: a report
    /// without the marker was replayed.
    static func recordedAndTampered() throws -> (project: Project, plain: String) {
        let project = try Self.project()
        try Self.age(project)
        let plain = project.check()
        try Self.tamperShares(project)
        return (project, plain)
    }

    @Test("an unchanged check is replayed from the record, in every format, exactly as a run without the cache prints it")
    func replayed() throws {
        let project = try Self.project()
        try Self.age(project)
        for format in ["json", "text", "sarif"] {
            let plain = project.check(["--no-cache"], format: format)
            #expect(project.check(format: format) == plain, "\(format), cold")
            #expect(FileManager.default.fileExists(atPath: Self.record(project).path), "\(format): recorded; \(Self.unrecorded(project))")
            try Self.tamperShares(project)
            #expect(project.check(format: format) == plain, "\(format), replayed (the tampered shares are not read)")
            try FileManager.default.removeItem(at: Self.record(project))
            #expect(project.check(format: format).contains("FROM-CACHE"), "\(format): without the record the shares are read")
            try FileManager.default.removeItem(at: project.cache)
        }
    }

    /// With one thread too: a failing run's record, stored while its output is printed, was not
    /// stored at all with one (the printing threw the status first). The runs are processes of their
    /// own, each with its `--jobs` (see `Products.runStepwise`).
    @Test("the exit status and the errors are replayed too, whatever the thread count", arguments: ["1", "2"])
    func status(jobs: String) throws {
        let project = try Self.project()
        try Self.age(project)
        let arguments = ["check", project.content.path, "--content-root", project.content.path, "--root",
                         project.folder.url.appendingPathComponent("project").path, "--jobs", jobs, "--no-baseline", "--fail-on", "warning"]
        func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            try #require(try Products.runStepwise(arguments), "the stepwise executable is built beside the tests")
        }
        let plain = try run(arguments + ["--no-cache"])
        #expect(plain.status == 1)
        _ = try run(arguments)
        #expect(FileManager.default.fileExists(atPath: Self.record(project).path), Self.unrecorded(project))
        let replayed = try run(arguments)
        #expect(replayed.status == plain.status && replayed.output == plain.output && replayed.error == plain.error)
        let never = try run(arguments.dropLast() + ["never"])
        #expect(never.status == 0, "another --fail-on is another record")
    }

    /// Checks after `change`: the output equals a run without the cache, and the tampered shares
    /// of the documents the change does not touch show that the record was not replayed.
    /// `rechecksAll`: the change re-checks every document (a new or deleted file, the
    /// configuration): then the output equals a run without the cache, and differs from the one
    /// recorded before the change.
    func changed(_ what: Comment, rechecksAll: Bool = false, _ change: (Project) throws -> Void) throws {
        let project = try Self.project()
        try Self.age(project)
        let before = project.check()
        #expect(FileManager.default.fileExists(atPath: Self.record(project).path), Self.unrecorded(project))
        try Self.tamperShares(project)
        try change(project)
        let warm = project.check()
        if rechecksAll {
            // Not replayed: the output changed, or (a change the report does not show: a file no
            // document reads) the record was deleted and not written again (the new file is racy).
            let recordedAgain = FileManager.default.fileExists(atPath: Self.record(project).path)
            let plain = project.check(["--no-cache"])
            #expect(warm == plain && (plain != before || !recordedAgain), "\(what): checked, not replayed")
        } else {
            #expect(warm.contains("FROM-CACHE"), "\(what): checked through the cache, not replayed")
        }
        // The tampered shares out of the way: a cold run, recorded, and its replay equal a run without the cache.
        try FileManager.default.removeItem(at: project.cache)
        try? FileManager.default.removeItem(at: Self.record(project))
        try Self.age(project)
        let plain = project.check(["--no-cache"])
        let cold = project.check()
        #expect(cold == plain, "\(what): cold")
        #expect(FileManager.default.fileExists(atPath: Self.record(project).path), Self.unrecorded(project))
        #expect(project.check() == plain, "\(what): replayed")
    }

    @Test("an edited page is checked")
    func pageEdited() throws {
        try changed("page") { try $0.append(Self.german, "\nDas ist ein neuer Satz.\n") }
    }

    @Test("an edited include is checked")
    func includeEdited() throws {
        try changed("include") { try $0.append("es-es/includes/active-directory-develop-guidedsetup-ios-setup.md", "\nOtra frase.\n") }
    }

    @Test("an edited page of the same size and a later time is checked")
    func sameSize() throws {
        try changed("same size") { project in
            let url = project.content.appendingPathComponent(Self.german)
            var text = try String(contentsOf: url, encoding: .utf8)
            let index = try #require(text.range(of: "e")?.lowerBound)
            text.replaceSubrange(index...index, with: "a")
            try text.write(to: url, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: url.path)
        }
    }

    @Test("a new page, a deleted page and a new include are checked")
    func addedAndDeleted() throws {
        try changed("new page", rechecksAll: true) { try $0.folder.write("docs/es-es/articles/nueva-pagina.md", "---\ntitle: Nueva\n---\n# Nueva\n\nTexto.\n") }
        try changed("deleted page", rechecksAll: true) { try FileManager.default.removeItem(at: $0.content.appendingPathComponent(Self.german)) }
        try changed("new include", rechecksAll: true) { try $0.folder.write("docs/fr-fr/includes/new-include.md", "[!INCLUDE [missing](missing.md)]\n") }
    }

    @Test("an image the check looked for and did not find is checked once it exists, in a folder that did not exist either")
    func absentThenPresent() throws {
        let project = try Self.project()
        try project.append(Self.german, "\n![Ein neues Bild](media/neu/bild.png)\n")
        try Self.age(project)
        let before = project.check()
        #expect(before.contains("image-missing") && before.contains("bild.png"))
        #expect(project.check() == before, "replayed")
        try Self.tamperShares(project)
        let folder = (Self.german as NSString).deletingLastPathComponent
        try project.folder.write("docs/\(folder)/media/neu/bild.png", "not really a PNG")
        try Self.age(project)
        #expect(project.check().contains("FROM-CACHE"), "checked through the cache, not replayed")
        try FileManager.default.removeItem(at: project.cache)
        try FileManager.default.removeItem(at: Self.record(project))
        let after = project.check()
        #expect(after == project.check(["--no-cache"]) && !after.contains("bild.png"))
    }

    @Test("a listing knows a standard path is absent only below a folder it walked, through folders it listed")
    func knowsAbsent() throws {
        let folder = try TemporaryDirectory()
        try folder.write("walked/a/b/page.md", "text")
        try folder.write("elsewhere/a/page.md", "text")
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("walked/link"), withDestinationURL: folder.url.appendingPathComponent("elsewhere"))
        let root = folder.url.standardizedFileURL.path
        let listing = RunRecord.Listing(["\(root)/walked", "\(root)/named.md"])
        #expect(listing.knowsAbsent("\(root)/walked/a/b/missing.png"), "missing in a listed folder")
        #expect(listing.knowsAbsent("\(root)/walked/a/media/x/missing.png"), "below a folder that is not there")
        #expect(listing.knowsAbsent("\(root)/walked/missing"))
        #expect(!listing.knowsAbsent("\(root)/walked/a/b/page.md"), "listed")
        #expect(!listing.knowsAbsent("\(root)/walked/a/b"), "a listed folder")
        #expect(!listing.knowsAbsent("\(root)/walked/link/a/page.md"), "through a link the walk did not enter")
        #expect(!listing.knowsAbsent("\(root)/walked/a/../a/b/missing.png"), "not standard")
        #expect(!listing.knowsAbsent("\(root)/elsewhere/missing.png"), "not below a walked folder")
        #expect(!listing.knowsAbsent("\(root)/named.md"), "named, not walked")
        #expect(!listing.knowsAbsent("\(root)/walked"), "the walked folder itself")
    }

    @Test("a run's files: the listed ones as listed, the others read with their stamps, the absent ones empty, each once; none when a stamp is racy or a listed file changed while it was read")
    func runFiles() throws {
        let folder = try TemporaryDirectory()
        for path in ["walked/page.md", "walked/other.md", "outside/code.cs"] {
            let url = try folder.write(path, "text of \(path)")
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: url.path)
        }
        let root = folder.url.standardizedFileURL.path
        let (page, other, code) = ("\(root)/walked/page.md", "\(root)/walked/other.md", "\(root)/outside/code.cs")
        let (named, image) = ("\(root)/walked/named.md", "\(root)/walked/missing.png")
        let listing = RunRecord.Listing(["\(root)/walked", named])
        #expect(!listing.racy)
        func stamp(_ path: String) throws -> FileStamp { try #require(FileStamp.read(path: path)) }
        func identities(_ files: [(path: String, identity: String)]?) -> [String: String]? {
            guard let files, Set(files.map(\.path)).count == files.count else { return nil }
            return Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.identity) })
        }
        let read = ReadFiles(present: [page: try stamp(page), code: try stamp(code)], absent: [image, named])
        let expected = [page: try stamp(page).identity, other: try stamp(other).identity, code: try stamp(code).identity, image: "", named: ""]
        #expect(identities(RunRecord.files([listing], read: read)) == expected)
        #expect(RunRecord.recordedFiles([listing], read: read) == Self.joined(expected))
        var changed = try stamp(page)
        changed.modified += 1
        #expect(RunRecord.files([listing], read: ReadFiles(present: [page: changed])) == nil, "a listed file changed while it was read")
        #expect(RunRecord.files([listing], read: ReadFiles(present: [named: try stamp(page)])) == nil, "listed absent, read present")
        #expect(RunRecord.files([listing], read: ReadFiles(absent: [page])) == nil, "listed present, read absent")
        var racy = try stamp(code)
        racy.racy = true
        #expect(RunRecord.files([listing], read: ReadFiles(present: [code: racy])) == nil, "a racy stamp")
        // Several listings are taken together, a file listed by two once.
        let two = [listing, RunRecord.Listing(["\(root)/outside", page])]
        #expect(identities(RunRecord.files(two, read: ReadFiles())) == [page: try stamp(page).identity, other: try stamp(other).identity, code: try stamp(code).identity, named: ""])
    }

    @Test("a record's files are unchanged only when every one, listed or not, present or absent, has its recorded identity")
    func filesUnchanged() throws {
        let folder = try TemporaryDirectory()
        try folder.write("walked/page.md", "text")
        try folder.write("walked/other.md", "text")
        try folder.write("outside/code.cs", "code")
        let root = folder.url.standardizedFileURL.path
        let (page, other, code) = ("\(root)/walked/page.md", "\(root)/walked/other.md", "\(root)/outside/code.cs")
        let (missing, missingOutside) = ("\(root)/walked/missing.png", "\(root)/outside/missing.png")
        func identity(_ path: String) -> String { FileStamp.read(path: path)?.identity ?? "" }
        func record(_ files: [String: String]) -> String { Self.joined(files) }
        let recorded = [page: identity(page), other: identity(other), code: identity(code), missing: "", missingOutside: ""]
        func unchanged(_ files: [String: String]) -> Bool {
            RunRecord.filesUnchanged(record(files), listings: [RunRecord.Listing(["\(root)/walked"])])
        }
        #expect(unchanged(recorded))
        #expect(unchanged([:]), "no file")
        #expect(!unchanged(recorded.merging([other: "1-2"]) { $1 }), "a listed file changed")
        #expect(!unchanged(recorded.merging([page: ""]) { $1 }), "a listed file recorded absent")
        #expect(!unchanged(recorded.merging([code: "1-2"]) { $1 }), "a file outside the listing changed")
        #expect(!unchanged(recorded.merging([code: ""]) { $1 }), "a file outside the listing recorded absent")
        #expect(!unchanged(recorded.merging([missing: "1-2"]) { $1 }), "an absent file below the listing recorded present")
        #expect(!unchanged(recorded.merging([missingOutside: "1-2"]) { $1 }), "an absent file outside the listing recorded present")
        #expect(!RunRecord.filesUnchanged(String(record(recorded).dropLast()), listings: [RunRecord.Listing(["\(root)/walked"])]), "a torn record")
        #expect(!RunRecord.filesUnchanged(record(recorded) + page, listings: [RunRecord.Listing(["\(root)/walked"])]), "a path without its identity")
        try folder.write("outside/missing.png", "now")
        #expect(!unchanged(recorded), "a file recorded absent outside the listing now present")
        // Several listings are read together: a file of either is compared with its identity there.
        let two = [RunRecord.Listing(["\(root)/walked"]), RunRecord.Listing(["\(root)/outside"])]
        #expect(RunRecord.filesUnchanged(record([page: identity(page), code: identity(code), missingOutside: identity(missingOutside)]), listings: two))
        #expect(!RunRecord.filesUnchanged(record([page: identity(page), code: "1-2"]), listings: two))
    }

    @Test("a record's files: path NUL identity NUL, by path, however long or non-ASCII")
    func joinedFiles() {
        let files = ["/b/été.md": "12-34", "/a/x.md": "", "/a/\(String(repeating: "long/", count: 40))y.md": "5-6", "/b/ète.md": "7-8"]
        let expected = files.sorted { $0.key < $1.key }.map { "\($0.key)\0\($0.value)\0" }.joined()
        #expect(Self.joined(files) == expected)
        #expect(Self.joined(files).utf8.count == expected.utf8.count)
        #expect(Self.joined([:]).isEmpty)
    }

    @Test("an edited stepwise.yml is checked")
    func configuration() throws {
        try changed("configuration", rechecksAll: true) { try $0.folder.write("project/stepwise.yml", "defaultLocale: en-us\ncheck:\n  rules:\n    code-comments: { severity: off, reason: Translated comments are welcome. }\n") }
    }

    @Test("a new baseline is read")
    func baseline() throws {
        let project = try Self.project()
        try Self.age(project)
        let arguments = ["check", project.content.path, "--content-root", project.content.path, "--root",
                         project.folder.url.appendingPathComponent("project").path, "--format", "text"]
        let before = runStepwise(arguments)
        #expect(runStepwise(arguments).output == before.output)
        #expect(runStepwise(arguments + ["--update-baseline"]).status == 0)
        try Self.age(project)
        let accepted = runStepwise(arguments)
        #expect(accepted.output != before.output && accepted.output.contains("baseline:"), "the new baseline is applied")
        #expect(accepted.output == runStepwise(arguments + ["--no-cache"]).output)
    }

    @Test("a record made by another tool build, with other options, or damaged is not replayed")
    func otherRecord() throws {
        let (project, plain) = try Self.recordedAndTampered()
        try CacheFiles.replaceRecordStrings(forKey: "key", in: Self.record(project), with: "another-build")
        #expect(project.check().contains("FROM-CACHE"), "another key")
        try FileManager.default.removeItem(at: Self.record(project))
        _ = project.check()
        let whole = try Data(contentsOf: Self.record(project))
        try whole.prefix(whole.count / 2).write(to: Self.record(project))
        #expect(project.check().contains("FROM-CACHE"), "a truncated record (a run killed while writing it)")
        #expect(!project.check(format: "text").contains("\"findings\""), "another format is another record")
        try FileManager.default.removeItem(at: project.cache)
        try FileManager.default.removeItem(at: Self.record(project))
        #expect(project.check() == plain)
    }

    @Test("a record older than a file it lists is not replayed, whatever its files say: that file changed after the run")
    func olderThanAFile() throws {
        let (project, plain) = try Self.recordedAndTampered()
        #expect(project.check() == plain, "replayed")
        // The files as recorded, but the record dated before them: as if written before an edit.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7_200)], ofItemAtPath: Self.record(project).path)
        #expect(project.check().contains("FROM-CACHE"), "checked through the cache, not replayed")
    }

    /// A folder holding `content/page.md`, modified an hour ago (its stamp trusted, older than any record).
    static func pageAnHourOld() throws -> (folder: TemporaryDirectory, content: URL, page: URL) {
        let folder = try TemporaryDirectory()
        let content = folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let page = content.appendingPathComponent("page.md")
        try "# Page\n".write(to: page, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3_600)], ofItemAtPath: page.path)
        return (folder, content, page)
    }

    @Test("the other folders of a record (a build's site) are listed only when no file of its own listing is newer than the record: an edit is not replayed, and the site is not listed for it")
    func othersListedLast() throws {
        let (folder, content, page) = try Self.pageAnHourOld()
        let listing = RunRecord.Listing([content.path])
        let url = folder.url.appendingPathComponent("build-run.bin")
        // A record of this listing alone, with no files: replayed when nothing else is listed.
        try RunRecord(key: "key", listing: RunRecord.listingKey([listing]), files: "", output: "out", errors: "", status: 0).write(to: url)
        var listed = 0
        let others = { () -> [RunRecord.Listing] in
            listed += 1
            return []
        }
        #expect(RunRecord.replayable(at: url, key: "key", listing: listing, others: others)?.output == "out")
        #expect(listed == 1, "the record is younger than every file listed: the other folders are listed")
        #expect(RunRecord.replayable(at: url, key: "another", listing: listing, others: others) == nil)
        #expect(listed == 1, "a record of another key: nothing else is listed")
        // The page edited after the record was written.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -600)], ofItemAtPath: url.path)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: page.path)
        let edited = RunRecord.Listing([content.path])
        #expect(RunRecord.replayable(at: url, key: "key", listing: edited, others: others) == nil)
        #expect(listed == 1, "a file of the listing is newer than the record: the other folders are not listed")
    }

    @Test("a run's output is captured in the pieces printed, small ones joined as they come: printed again, it is what the run printed")
    func capturedPieces() throws {
        let large = String(repeating: "x", count: RunRecord.smallPiece)
        let printed = ["a\n", "", "b\n", large, "c\n", "d\n", large, large, "é\n"]
        let run = try RunRecord.capturing {
            for text in printed { Console.current.output(text) }
            Console.current.error("warning: w\n")
            throw InputFailure(exitCode: 1)
        }
        #expect(run.output == ["a\nb\n", large, "c\nd\n", large, large, "é\n"])
        #expect(run.errors == "warning: w\n" && run.status == 1)
        let record = RunRecord(key: "k", listing: "", files: "", output: run.output, errors: run.errors, status: run.status)
        #expect(record.output == printed.joined())
        let replayed = try RunRecord.capturing { try record.replay() }
        #expect(replayed.output.joined() == printed.joined() && replayed.errors == run.errors && replayed.status == 1)
    }

    @Test("a record is read back as written (its output and errors, whatever their characters, and its status); a record of another layout, or damaged inside its frame, is not replayed")
    func writtenAndRead() throws {
        let (folder, content, _) = try Self.pageAnHourOld()
        let listing = RunRecord.Listing([content.path])
        let url = folder.url.appendingPathComponent("check-run.bin")
        let output = String(repeating: "content/page.md:1:1: warning: « Déjà vu » 日本 [rule]\n", count: 3)
        for (output, errors, status) in [(output, "error: 💥\n", Int32(2)), ("", "", Int32(0)), (output, "", Int32(1)), ("", output, Int32(0))] {
            try RunRecord(key: "key", listing: RunRecord.listingKey([listing]), files: "", output: output, errors: errors, status: status).write(to: url)
            let read = RunRecord.replayable(at: url, key: "key", listing: listing)
            #expect(read?.output == output && read?.errors == errors && read?.status == status)
        }
        // Output printed in pieces (empty ones, large ones, characters cut nowhere): read back joined.
        let pieces = ["", output, "", String(repeating: "é", count: RunRecord.smallPiece), "fin\n"]
        try RunRecord(key: "key", listing: RunRecord.listingKey([listing]), files: "", output: pieces, errors: "e", status: 1).write(to: url)
        let read = RunRecord.replayable(at: url, key: "key", listing: listing)
        #expect(read?.output == pieces.joined() && read?.errors == "e" && read?.status == 1)
        // More pieces than are written as they lie: joined first, read back the same.
        let many = (0...RunRecord.maximumPieces).map { "ligne \($0) é\n" }
        try RunRecord(key: "key", listing: RunRecord.listingKey([listing]), files: "", output: many, errors: "", status: 0).write(to: url)
        #expect(RunRecord.replayable(at: url, key: "key", listing: listing)?.output == many.joined())
        // The whole record as one value (the layout of version 1), framed as any cache file.
        struct Whole: Encodable {
            var version = 1, key = "key", listing: String, files = "", output = "out", errors = "", status: Int32 = 0
        }
        try CacheFile.write(Whole(listing: RunRecord.listingKey([listing])), to: url)
        #expect(RunRecord.replayable(at: url, key: "key", listing: listing) == nil)
        // A head's length beyond the payload, and an output longer than what was printed.
        for payload in [[UInt8](repeating: 0xFF, count: 8) + [1, 2, 3], [UInt8](repeating: 0, count: 3)] {
            try CacheFile.write(payload: payload, to: url)
            #expect(RunRecord.replayable(at: url, key: "key", listing: listing) == nil)
        }
        try RunRecord(key: "key", listing: RunRecord.listingKey([listing]), files: "", output: "out", errors: "", status: 0).write(to: url)
        let written = try #require(CacheFile.withPayload(at: url) { Array($0) })
        // Framed again without the output's last byte: the head tells of more output than follows it.
        try CacheFile.write(payload: Array(written.dropLast()), to: url)
        #expect(RunRecord.replayable(at: url, key: "key", listing: listing) == nil)
    }

    @Test("a file modified just before the run makes no record: its stamp could hide a later change")
    func racy() throws {
        let project = try Self.project()
        try Self.age(project)
        try project.append(Self.german, "\nNoch ein Satz.\n")
        _ = project.check()
        #expect(!FileManager.default.fileExists(atPath: Self.record(project).path))
        try Self.age(project)
        _ = project.check()
        #expect(FileManager.default.fileExists(atPath: Self.record(project).path))
    }

    @Test("a check that does not replay deletes the record before it reads anything")
    func deletedFirst() throws {
        let project = try Self.project()
        try Self.age(project)
        _ = project.check()
        #expect(FileManager.default.fileExists(atPath: Self.record(project).path))
        try project.append(Self.german, "\nNoch ein Satz.\n")
        _ = project.check()
        #expect(!FileManager.default.fileExists(atPath: Self.record(project).path), "a racy run leaves no record, not the old one")
    }
}
