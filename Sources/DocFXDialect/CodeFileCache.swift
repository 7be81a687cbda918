public import Foundation
import StepwiseDiagnostics
import Synchronization

/// Code files read for code references, by file, shared by every document of a run (and its
/// threads): a file referenced by a hundred pages is read once.
public final class CodeFileCache: Sendable {
    private let entries = Mutex<[URL: Result<[String], CodeFileCache.Failure>]>([:])

    public init() {}

    /// Why a code file could not be read, for the message.
    public struct Failure: Error, Hashable, Sendable {
        public var reason: String
    }

    /// The lines of the file at `url` (already known to lie inside the root of `contained`), read once.
    func lines(_ url: URL, in contained: ContainedFiles) -> Result<[String], Failure> {
        if let cached = entries.withLock({ $0[url] }) { return cached }
        let result = Self.read(url, in: contained)
        return entries.withLock { stored in
            if let first = stored[url] { return first }
            stored[url] = result
            return result
        }
    }

    private static func read(_ url: URL, in contained: ContainedFiles) -> Result<[String], Failure> {
        let data: Data
        do {
            data = try contained.read(url)
        } catch {
            return .failure(Failure(reason: error.description))
        }
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return .success([]) }
        do {
            return .success(try SourceFile.decodeLines(data, path: url.lastPathComponent))
        } catch {
            return .failure(Failure(reason: error.diagnostic.summary))
        }
    }

    /// How many code files were read.
    public var count: Int { entries.withLock { $0.count } }
}
