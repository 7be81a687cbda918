import Foundation
import Synchronization
import TutorialModel

/// Bytes set aside in a file for the rest of a run, read back when needed: what a run that checks a
/// batch of documents at a time would otherwise hold for every document to its end.
/// - A build drops each model once its batch is checked and renders each page from its model read
///   back from here (`Tutorial.spooled()`) — several times cheaper than modelling the document again
///   — while memory holds the batches in flight, not the models.
/// - A check sets aside each document's share of the report as soon as it is made
///   (`CachedValue.spooled(in:)`), read back when the cache is saved and the report merged: a cold
///   check of the Azure corpus held 110 MB of shares by its end, growing with every batch.
///
/// The file is unlinked as soon as it is made: nothing is left behind, even by a killed run, and two
/// runs of one project never share one.
final class Spool: Sendable {
    private let descriptor: Int32
    /// Where the next bytes are written.
    private let end = Mutex(0)

    /// A spool in `folder` (made if need be); nil when no file can be made there (what would be set
    /// aside is then held, or made again).
    init?(in folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("spool-\(UUID().uuidString).spool").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sets `bytes` aside; nil when they could not be written (a full disk).
    func append(_ bytes: UnsafeRawBufferPointer) -> Spooled? {
        let start = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        let written = Self.transfer(bytes.count) { done in
            pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(start + done))
        }
        return written ? Spooled(spool: self, range: start..<start + bytes.count) : nil
    }

    /// Sets `tutorial` aside (`Tutorial.spooled()`); nil when it could not be written.
    func append(_ tutorial: Tutorial) -> Spooled? {
        tutorial.spooled().withUnsafeBytes { append($0) }
    }

    /// The bytes set aside at `range`; nil when they cannot be read back whole.
    fileprivate func bytes(at range: Range<Int>) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: range.count)
        let read = bytes.withUnsafeMutableBytes { buffer in
            Self.transfer(buffer.count) { done in pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(range.lowerBound + done)) }
        }
        return read ? bytes : nil
    }

    /// Moves `count` bytes with `step` (handed how many are done; returns how many it moved, or -1),
    /// as often as it takes: false when a step fails or moves nothing before all are done.
    private static func transfer(_ count: Int, _ step: (Int) -> Int) -> Bool {
        var done = 0
        while done < count {
            let moved = step(done)
            if moved < 0, errno == EINTR { continue }
            guard moved > 0 else { return false }
            done += moved
        }
        return true
    }

    /// Bytes set aside: where they are in which spool.
    struct Spooled: Equatable, Sendable {
        let spool: Spool
        let range: Range<Int>

        /// The bytes, read back; nil when they cannot be.
        var bytes: [UInt8]? { spool.bytes(at: range) }

        /// The model set aside (`Spool.append(_:)` of a tutorial), read back; nil when it cannot be.
        var model: Tutorial? { bytes.flatMap { try? Tutorial(spooled: $0) } }

        static func == (lhs: Spooled, rhs: Spooled) -> Bool {
            lhs.spool === rhs.spool && lhs.range == rhs.range
        }
    }
}
