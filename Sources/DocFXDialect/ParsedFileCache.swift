public import Foundation
public import StepwiseDiagnostics
import Synchronization

/// Parsed files by file and layout, shared by every document of a run (and by its threads):
/// an include used by a thousand documents is read and parsed once.
public final class ParsedFileCache: Sendable {
    struct Key: Hashable {
        var url: URL
        var layout: ContentLayout
    }

    private let entries = Mutex<[Key: Result<ParsedFile, StepwiseError>]>([:])
    /// Code files read for code references.
    public let codeFiles = CodeFileCache()
    /// The contained files of the run's roots (content and code roots).
    public let contained = ContainedRoots()

    public init() {}

    /// The cached result for `url`, or `parse()`'s, stored for the next caller.
    func file(
        _ url: URL, layout: ContentLayout, parse: () -> Result<ParsedFile, StepwiseError>
    ) -> Result<ParsedFile, StepwiseError> {
        let key = Key(url: url, layout: layout)
        if let cached = entries.withLock({ $0[key] }) { return cached }
        let result = parse()
        return entries.withLock { stored in
            if let first = stored[key] { return first }
            stored[key] = result
            return result
        }
    }

    /// How many files were parsed.
    public var count: Int { entries.withLock { $0.count } }
}
