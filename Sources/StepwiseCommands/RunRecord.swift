import DocFXDialect
import Foundation
import StepwiseDiagnostics
import Synchronization

/// The record of a whole run (`.stepwise/cache/<command>-run.bin`, safe to delete): what it printed
/// and its exit status, with the stamp (size and modification time) of every file it read and the
/// listing of the folders it walked. A later run with the same key (the tool, `stepwise.yml`, the
/// options, the working directory) finds that nothing changed by listing those folders and
/// stat-ing those files, and prints the same without reading or checking anything.
///
/// A record is written only when every stamp can be trusted: none taken so soon after its file was
/// modified that the file could change again without its stamp showing it (`FileStamp.isRacy`);
/// otherwise the next run runs in full and records. A run that does not replay deletes the record
/// before it reads anything, and the record is written to a temporary file and renamed (and
/// checksummed, see `CacheFile`), so a killed run leaves no record, or one that describes its files.
///
/// The file's payload is the record's head (`Stored`: its version, key, listing, files, status and
/// the length of its output), its length first, then the output and the errors as they were
/// printed: written from the run's own strings, not copied into one buffer (a corpus's report is
/// tens of megabytes).
struct RunRecord {
    static let version = 2
    var version = RunRecord.version
    var key: String
    /// A hash of every path below the folders the run walked (see `Listing`).
    var listing: String
    /// Every file the run read with its stamp's identity when read (`FileStamp.identity`), or ""
    /// for a file that was absent (adding it changes the run): path, NUL, identity, NUL, and so on
    /// (one string decodes much faster than a dictionary of tens of thousands of entries).
    var files: String
    /// What the run printed, in the pieces it printed them (see `capturing`): joined, a corpus's
    /// report would be copied whole once more.
    var printed: [String]
    var errors: String
    var status: Int32

    init(key: String, listing: String, files: String, output: [String], errors: String, status: Int32) {
        (self.key, self.listing, self.files, printed, self.errors, self.status) = (key, listing, files, output, errors, status)
    }

    init(key: String, listing: String, files: String, output: String, errors: String, status: Int32) {
        self.init(key: key, listing: listing, files: files, output: [output], errors: errors, status: status)
    }

    /// What the run printed.
    var output: String { printed.concatenated() }

    /// The key of a run: the key of what it depends on besides files (`base`: the tool, the
    /// configuration, the options that change what is read), the options that change what it prints
    /// (`options`) and the working directory.
    static func key(_ base: String, options: [String]) -> String {
        let parts = [base, FileManager.default.currentDirectoryPath] + options
        return ContentHash.hex(Data(parts.joined(separator: "\n\u{1}").utf8))
    }

    /// The stored record at `url` when it was made with `key` and the listings `listing` and `others`,
    /// and every file it names still has the same stamp (those listed are stamped already); nil
    /// otherwise. `others` are made only for a record of this key whose `listing` holds no file modified
    /// since it was written (a folder of thousands of files is not listed for nothing: an edit is newer).
    static func replayable(at url: URL, key: String, listing: Listing, others: () -> [Listing] = { [] }) -> RunRecord? {
        // A file listed that was modified after the record was written has changed since the run (its
        // stamp is newer than any the run took): then the record's files are not even read.
        guard let written = FileStamp.modified(path: url.path), listing.newest <= written else { return nil }
        return CacheFile.withPayload(at: url) { payload in
            guard let (stored, printed) = parts(of: payload),
                  let head = try? CacheDecoder.decode(Head.self, from: stored), head.version == RunRecord.version, head.key == key else { return nil }
            let listings = [listing] + others()
            guard head.listing == listingKey(listings), !listings.contains(where: { $0.newest > written }),
                  let files = try? CacheDecoder.decode(Files.self, from: stored), filesUnchanged(files.files, listings: listings),
                  let status = try? CacheDecoder.decode(Status.self, from: stored), status.outputCount <= printed.count else { return nil }
            // The output (megabytes for a large content) is read only for a record that is replayed.
            let (output, errors) = (printed.prefix(status.outputCount), printed.dropFirst(status.outputCount))
            return RunRecord(key: head.key, listing: head.listing, files: files.files, output: String(decoding: UnsafeRawBufferPointer(rebasing: output), as: UTF8.self),
                             errors: String(decoding: UnsafeRawBufferPointer(rebasing: errors), as: UTF8.self), status: status.status)
        }
    }

    /// A record's payload taken apart: its head (see `Stored`) and the bytes it printed, the output
    /// then the errors; nil when the head's length is more than the payload holds.
    private static func parts(of payload: UnsafeRawBufferPointer) -> (head: UnsafeRawBufferPointer, printed: UnsafeRawBufferPointer)? {
        guard payload.count >= 8 else { return nil }
        let length = UInt64(littleEndian: payload.loadUnaligned(as: UInt64.self))
        guard length <= UInt64(payload.count - 8) else { return nil }
        let end = 8 + Int(length)
        return (UnsafeRawBufferPointer(rebasing: payload[8..<end]), UnsafeRawBufferPointer(rebasing: payload[end...]))
    }

    /// What a record's file holds besides what the run printed.
    private struct Stored: Encodable {
        var version: Int
        var key: String
        var listing: String
        var files: String
        var status: Int32
        /// The bytes of the output (the errors follow them).
        var outputCount: Int
    }

    /// Writes the record to `url` atomically: its head, then the output and the errors from the
    /// strings themselves.
    func write(to url: URL) throws {
        var (output, errors) = (printed, errors)
        let head = try CacheEncoder.encode(Stored(
            version: version, key: key, listing: listing, files: files, status: status, outputCount: output.reduce(0) { $0 + $1.utf8.count }))
        var length = UInt64(head.count).littleEndian
        try withUnsafeBytes(of: &length) { length in
            try head.withUnsafeBytes { head in
                try Self.withUTF8(of: &output) { output in
                    try errors.withUTF8 { errors in
                        try CacheFile.write(pieces: [length, head] + output + [UnsafeRawBufferPointer(errors)], to: url)
                    }
                }
            }
        }
    }

    /// `body` given the UTF-8 bytes of every one of `strings`, in order, each where it lies (made
    /// contiguous first if need be). A piece is one string's storage inside the previous one's: as
    /// many levels as pieces, which `capturing` keeps few (it joins small ones; a report prints a
    /// few dozen); more than `maximumPieces` are joined first rather than recursed through.
    private static func withUTF8(of strings: inout [String], _ body: ([UnsafeRawBufferPointer]) throws -> Void) throws {
        if strings.count > maximumPieces { strings = [strings.concatenated()] }
        for index in strings.indices { strings[index].makeContiguousUTF8() }
        let strings = strings
        var buffers: [UnsafeRawBufferPointer] = []
        buffers.reserveCapacity(strings.count)
        func visit(_ index: Int) throws {
            guard index < strings.count else { return try body(buffers) }
            let visited: Void? = try strings[index].utf8.withContiguousStorageIfAvailable { bytes in
                buffers.append(UnsafeRawBufferPointer(bytes))
                try visit(index + 1)
            }
            // Contiguous, made so above: never reached.
            if visited == nil {
                let copy = Array(strings[index].utf8)
                try copy.withUnsafeBytes { bytes in
                    buffers.append(bytes)
                    try visit(index + 1)
                }
            }
        }
        try visit(0)
    }

    /// How a record's run ended and where its output ends: read once it is known to be replayable.
    private struct Status: Decodable {
        var status: Int32
        var outputCount: Int
    }

    /// What a record was made with: read first, without its files or output.
    private struct Head: Decodable {
        var version: Int
        var key: String
        var listing: String
    }

    /// The files of a record, read once its head and the listings' times say it may be replayed.
    private struct Files: Decodable {
        var files: String
    }

    /// Whether every file of a record's `files` still has the stamp recorded. The files the listings
    /// stamped are compared first, stopping at the first that changed (an edited document is one of
    /// them: then nothing is stat-ed again); only the others are stat-ed, on all cores.
    static func filesUnchanged(_ files: String, listings: [Listing]) -> Bool {
        // One listing (a run's usual) is read as it is: merging it into an empty dictionary hashed every path again.
        let listed = listings.count == 1 ? listings[0].files : listings.reduce(into: [String: String]()) { $0.merge($1.files) { first, _ in first } }
        var unlisted: [(path: String, identity: Substring)] = []
        // Read by bytes as far as needed (NUL is one byte in UTF-8): splitting tens of thousands of
        // paths by characters cost a third of a replay, and splitting all of them before the first
        // compared most of a failed one.
        var rest = Substring(files)
        while !rest.isEmpty {
            guard let pathEnd = rest.utf8.firstIndex(of: 0) else { return false }
            let afterPath = rest.utf8.index(after: pathEnd)
            guard let identityEnd = rest.utf8[afterPath...].firstIndex(of: 0) else { return false }
            let path = String(rest[..<pathEnd]), identity = rest[afterPath..<identityEnd]
            rest = rest[rest.utf8.index(after: identityEnd)...]
            if let known = listed[path] {
                guard known == identity else { return false }
            } else if !(identity.isEmpty && listings.contains(where: { $0.knowsAbsent(path) })) {
                // A file recorded as absent that no listing holds, below a folder listed whole, is still
                // absent; any other file the listings do not hold is stat-ed.
                unlisted.append((path, identity))
            }
        }
        return unlisted.concurrentMap { (FileStamp.read(path: $0.path)?.identity ?? "") == $0.identity }.allSatisfy { $0 }
    }

    /// The modification times of the folder `generated` and of each folder directly in it, by path:
    /// a build that writes there changes one of them, however long ago it did so (the site writer
    /// swaps a folder in `generated/`; the contract writer replaces or removes files in its folder
    /// there). A build whose run took longer than the racy window after its writes was recorded when
    /// only the folder's time told it had written.
    static func folderTimes(_ generated: String) -> [String: Int] {
        var times: [String: Int] = [:]
        guard let top = FileStamp.modified(path: generated) else { return times }
        times[generated] = top
        for name in (try? FileManager.default.contentsOfDirectory(atPath: generated)) ?? [] {
            let path = generated + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { times[path] = FileStamp.modified(path: path) }
        }
        return times
    }

    /// `files` (each path once) as a record keeps them (see `files`), by path: counted first and
    /// copied once into one string (a corpus's run read some 80,000 files, absent ones included).
    static func joined(_ files: [(path: String, identity: String)]) -> String {
        let sorted = files.sorted { $0.path < $1.path }
        return String(assembling: sorted.reduce(0) { $0 + $1.path.utf8.count + $1.identity.utf8.count + 2 }) { append in
            var nul: UInt8 = 0
            func add(_ text: String) {
                var text = text
                text.withUTF8(append)
                withUnsafePointer(to: &nul) { append(UnsafeBufferPointer(start: $0, count: 1)) }
            }
            for (path, identity) in sorted {
                add(path)
                add(identity)
            }
        }
    }

    /// The record's `files` (`recordedFiles(listings, read:)`) made on another core while the run
    /// goes on printing; nil when the run cannot be recorded (see `files(_:read:)`).
    static func startFiles(_ listings: [Listing], read: ReadFiles) -> Concurrently.Pending<String?> {
        Concurrently.start { recordedFiles(listings, read: read) }
    }

    /// Prints the record's output and errors and ends with its status, as `replay()`, while the record
    /// is written to `url` on another core (nil: not written): a large run's record is tens of megabytes.
    func replay(storingAt url: URL?) throws {
        guard let url else { return try replay() }
        let record = self
        try Concurrently.overlap({ try? record.write(to: url) }, while: { try replay() })
    }

    /// What a record keeps of `listings`: their hashes.
    static func listingKey(_ listings: [Listing]) -> String {
        listings.map(\.hash).joined(separator: "-")
    }

    /// The paths below some folders and the stamps of their files, taken before the run reads them.
    struct Listing {
        var hash: String
        /// The identity of every file listed ("" for a file named that is absent).
        var files: [String: String]
        /// True when some file was modified so recently that its stamp cannot be trusted.
        var racy: Bool
        /// The folders walked: each path given that is a folder, and every folder below it.
        var folders: Set<String> = []
        /// The stamp (size and time) of every file listed that is present, by standard path: the run
        /// takes them as its own (`CheckCache.listing`) rather than stat its files again.
        var stamps: [String: FileStamp] = [:]
        /// The latest modification time of a file listed (nanoseconds since 1970; 0 for none).
        var newest = 0
        /// The folders listed as the listing found them: the run walks them again from here, not
        /// from the disk (`FolderWalk.walk(_:in:)`).
        var tree: FolderTree

        /// Lists `paths` (a folder: every entry below it; a file, present or not: itself) and stamps
        /// every file.
        init(_ paths: [String]) {
            let started = FileStamp.now()
            var entries: [String] = []
            var named: [String] = []
            var walked = Set<String>()
            let paths = Set(paths.map { StandardPath.standardized(path: $0) }).sorted()
            let isFolder = paths.map { path in
                var info = stat()
                return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            tree = FolderTree(walking: zip(paths, isFolder).filter(\.1).map(\.0))
            for (path, isFolder) in zip(paths, isFolder) {
                entries.append("\u{1}" + path)
                if isFolder {
                    walked.insert(path)
                    FolderWalk.walk(path, in: tree) { entry in
                        entries.append(entry.isFolder ? entry.path + "/" : entry.path)
                        if entry.isFolder { walked.insert(entry.path) } else { named.append(entry.path) }
                        return true
                    }
                } else {
                    named.append(path)
                }
            }
            entries.sort()
            folders = walked
            hash = ContentHash.hex(Data(entries.joined(separator: "\n").utf8))
            let stamps = named.concurrentMap { path in FileStamp.read(path: path) }
            files = Dictionary(zip(named, stamps.map { $0?.identity ?? "" }), uniquingKeysWith: { first, _ in first })
            self.stamps = Dictionary(zip(named, stamps).compactMap { path, stamp in stamp.map { (path, $0) } }, uniquingKeysWith: { first, _ in first })
            newest = stamps.reduce(0) { max($0, $1?.modified ?? 0) }
            racy = FileStamp.isRacy(modified: newest, readAt: started)
        }

        /// True when the listing shows that the standard path `path` did not exist when it was made:
        /// `path` lies below a walked folder, and the first of its components below the deepest walked
        /// folder on its way is not listed (a walk lists every entry of every folder it enters, links
        /// included, and enters every folder that is not a link). False when the listing cannot tell:
        /// then only a `stat` can.
        func knowsAbsent(_ path: String) -> Bool {
            guard StandardPath.isStandard(path) else { return false }
            // By bytes: `/` is one byte in UTF-8, and this runs for tens of thousands of paths.
            let bytes = path.utf8
            var end = bytes.endIndex
            while let slash = bytes[..<end].lastIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex {
                if folders.contains(String(path[..<slash])) {
                    let entry = String(path[..<end])
                    return files[entry] == nil && !folders.contains(entry)
                }
                end = slash
            }
            return false
        }
    }

    /// The record's `files` of a run (see `files(_:read:)`), or nil when it cannot be recorded.
    static func recordedFiles(_ listings: [Listing], read: ReadFiles) -> String? {
        files(listings, read: read).map(joined)
    }

    /// The files of a run, each once, in no order: those of `listings` and those `read` (each file's
    /// stamp when it was read; "" for a file absent), by identity; nil when some stamp is racy, or a
    /// file listed changed while it was read. The files read and listed too (most of them) are only
    /// compared, by size and time as numbers: a corpus's run read some 80,000 files, and putting each
    /// into one dictionary with its identity made was most of the cost.
    static func files(_ listings: [Listing], read: ReadFiles) -> [(path: String, identity: String)]? {
        guard !listings.contains(where: \.racy) else { return nil }
        // One listing (a run's usual) is taken as it is.
        var (identities, stamps) = (listings.first?.files ?? [:], listings.first?.stamps ?? [:])
        for listing in listings.dropFirst() {
            for (path, identity) in listing.files {
                if let other = identities.updateValue(identity, forKey: path), other != identity { return nil }
            }
            stamps.merge(listing.stamps) { first, _ in first }
        }
        var files = identities.map { (path: $0.key, identity: $0.value) }
        files.reserveCapacity(files.count + read.present.count + read.absent.count)
        for (path, stamp) in read.present {
            if stamp.racy == true { return nil }
            if let listed = stamps[path] {
                guard listed.sameIdentity(as: stamp) else { return nil }
            } else if identities[path] != nil {
                // Listed absent, read present.
                return nil
            } else {
                files.append((path, stamp.identity))
            }
        }
        for path in read.absent {
            if let listed = identities[path] {
                guard listed.isEmpty else { return nil }
            } else {
                files.append((path, ""))
            }
        }
        return files
    }

    /// Runs `body` with the console captured: its output, its errors and its exit status
    /// (`InputFailure`'s exit code when it throws one with no diagnostic). When it throws another
    /// error, what it printed is printed and the error thrown: such a run is not recorded.
    static func capturing(_ body: () throws -> Void) throws -> (output: [String], errors: String, status: Int32) {
        // The output kept in the pieces printed (a corpus's report is tens of megabytes, printed in
        // a few pieces: joined, it was copied whole once more), those under `smallPiece` bytes joined
        // as they come (a build prints a line per page); the errors joined once, at their size.
        let output = Mutex<[String]>([]), errors = Mutex<[String]>([])
        let console = Console(output: { text in output.withLock { Self.add(text, to: &$0) } }, error: { text in errors.withLock { $0.append(text) } })
        var status: Int32 = 0
        do {
            try Console.$current.withValue(console) { try body() }
        } catch let failure as InputFailure where failure.diagnostic == nil {
            status = failure.exitCode
        } catch {
            let (printed, errorText) = (output.withLock { $0 }, errors.withLock { $0.concatenated() })
            for piece in printed { Console.current.output(piece) }
            if !errorText.isEmpty { Console.current.error(errorText) }
            throw error
        }
        return (output.withLock { $0 }, errors.withLock { $0.concatenated() }, status)
    }

    /// Pieces of output shorter than this are joined as they are printed.
    static let smallPiece = 1 << 16

    /// The most pieces a record is written from as they lie (see `withUTF8(of:_:)`).
    static let maximumPieces = 256

    /// Adds `text` to the output `pieces`: to the last piece when both are small, else as a piece of its own.
    static func add(_ text: String, to pieces: inout [String]) {
        guard !text.isEmpty else { return }
        // The last piece is grown in place (not bound to a name first, which would copy it each time).
        if text.utf8.count < smallPiece, let last = pieces.indices.last, pieces[last].utf8.count < smallPiece {
            pieces[last] += text
        } else {
            pieces.append(text)
        }
    }

    /// Prints the record's output and errors, and ends with its status.
    func replay() throws {
        for piece in printed where !piece.isEmpty { Console.current.output(piece) }
        if !errors.isEmpty { Console.current.error(errors) }
        if status != 0 { throw InputFailure(exitCode: status) }
    }
}
