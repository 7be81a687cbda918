import Foundation
import Synchronization
import TutorialModel

/// Models set aside in a file for the rest of a run (`Tutorial.spooled()`): a build checks every
/// document a batch at a time and drops its model, then renders each page from its model read back
/// from here — several times cheaper than modelling the document again — while memory holds the
/// batches in flight, not the models. The file is unlinked as soon as it is made: nothing is left
/// behind, even by a killed run, and two builds of one project never share one.
final class ModelSpool: Sendable {
    private let descriptor: Int32
    /// Where the next model is written.
    private let end = Mutex(0)

    /// A spool in `folder` (made if need be); nil when no file can be made there (the models are then
    /// read again from their documents).
    init?(in folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("models-\(UUID().uuidString).spool").path
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sets `tutorial` aside; nil when it could not be written (a full disk).
    func append(_ tutorial: Tutorial) -> Spooled? {
        let bytes = tutorial.spooled()
        let start = end.withLock { end in
            defer { end += bytes.count }
            return end
        }
        let written = bytes.withUnsafeBytes { buffer in
            Self.transfer(buffer.count) { done in pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(start + done)) }
        }
        return written ? Spooled(spool: self, range: start..<start + bytes.count) : nil
    }

    /// The model set aside at `range`; nil when it cannot be read back whole.
    fileprivate func model(at range: Range<Int>) -> Tutorial? {
        var bytes = [UInt8](repeating: 0, count: range.count)
        let read = bytes.withUnsafeMutableBytes { buffer in
            Self.transfer(buffer.count) { done in pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(range.lowerBound + done)) }
        }
        return read ? try? Tutorial(spooled: bytes) : nil
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

    /// A model set aside: where it is in which spool.
    struct Spooled: Equatable, Sendable {
        let spool: ModelSpool
        let range: Range<Int>

        /// The model, read back; nil when it cannot be.
        var model: Tutorial? { spool.model(at: range) }

        static func == (lhs: Spooled, rhs: Spooled) -> Bool {
            lhs.spool === rhs.spool && lhs.range == rhs.range
        }
    }
}
