import Foundation
import StepwiseDiagnostics
import Testing

/// `AtomicFile.replace`: the header then the body, in place of any file there, through a new file
/// renamed into place; nothing left behind when it fails.
@Suite struct AtomicFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-file-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a file is replaced by the header followed by the body, large or empty, and no other file is left in its folder")
    func replaces() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cache.bin")
        try Data("old content, longer than the new".utf8).write(to: url)
        let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try body.withUnsafeBytes { try AtomicFile.replace(url, header: [1, 2, 3], body: $0) }
        #expect(try Data(contentsOf: url) == Data([1, 2, 3] + body))
        try [UInt8]().withUnsafeBytes { try AtomicFile.replace(url, header: [9], body: $0) }
        #expect(try Data(contentsOf: url) == Data([9]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cache.bin"])
    }

    @Test("a file that cannot be written (its folder is missing, or a folder stands where it goes) throws, leaving nothing")
    func fails() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: (any Error).self) {
            try [UInt8](repeating: 7, count: 10).withUnsafeBytes { try AtomicFile.replace(folder.appendingPathComponent("missing/cache.bin"), header: [], body: $0) }
        }
        let taken = folder.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: taken.appendingPathComponent("inside"), withIntermediateDirectories: true)
        #expect(throws: (any Error).self) {
            try [UInt8](repeating: 7, count: 10).withUnsafeBytes { try AtomicFile.replace(taken, header: [1], body: $0) }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["taken"], "the new file is removed when the rename fails")
    }
}
