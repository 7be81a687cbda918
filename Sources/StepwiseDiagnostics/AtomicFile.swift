public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing files with the system's calls: every byte of a buffer, and a file replaced whole.
public enum AtomicFile {
    /// Writes every byte of `bytes` to `descriptor` (a write may take fewer, or be interrupted).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }

    /// Replaces the file at `url` with `header` followed by `body`, as `Data.write(to:options: .atomic)`
    /// does — written to a new file in the same folder, renamed into place, so that a reader sees the
    /// old file or the new one, never part of one — without first copying the two into one buffer
    /// (a run's record is tens of megabytes). The new file is removed when it cannot be written or renamed.
    public static func replace(_ url: URL, header: [UInt8], body: UnsafeRawBufferPointer) throws {
        try replace(url, header: header, bodies: [body])
    }

    /// `replace(_:header:body:)` with a body in pieces, written one after another.
    public static func replace(_ url: URL, header: [UInt8], bodies: [UnsafeRawBufferPointer]) throws {
        let path = url.path
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(errno, path) }
        let written = header.withUnsafeBytes { writeAll($0, to: descriptor) } && bodies.allSatisfy { writeAll($0, to: descriptor) }
        let code = written ? 0 : errno
        if close(descriptor) == 0, written, rename(temporary, path) == 0 { return }
        let error = code != 0 ? code : errno
        unlink(temporary)
        throw failure(error, path)
    }

    private static func failure(_ code: Int32, _ path: String) -> CocoaError {
        CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)])
    }
}
