import Foundation

/// Each source file's sentence index, built once however many translations are checked against it
/// (safe to share across the threads of one check).
final class SentenceIndexCache: @unchecked Sendable {
    private var indexes: [String: SourceSentenceIndex] = [:]
    private let lock = NSLock()

    func index(of file: CheckedFile) -> SourceSentenceIndex {
        if let cached = lock.withLock({ indexes[file.path] }) { return cached }
        let index = SourceSentenceIndex(file: file)
        lock.withLock { indexes[file.path] = index }
        return index
    }
}
