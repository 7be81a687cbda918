import DocFXDialect
import Foundation
import Synchronization

/// What the batches of one run (`WorkspaceLoader.load(_:batches:_:)`) learn of the source files once
/// and share: every batch pairs with the same source files, so each source folder is listed (with
/// each file's tutorial path) once, and each header not loaded is read once, not once per batch.
final class HeaderAssetIDs: Sendable {
    private let read = Mutex<[String: String?]>([:])
    private let listed = Mutex<[URL: [SourceFinder.File]]>([:])

    /// The asset id of the header of the file at the standard `path`, read by `header` the first time only.
    func assetID(of path: String, header: (String) -> String?) -> String? {
        if let known = read.withLock({ $0[path] }) { return known }
        let asset = header(path)
        read.withLock { $0[path] = asset }
        return asset
    }

    /// The source files below a layout's root, listed by `list` the first time only.
    func files(below root: URL, list: () -> [SourceFinder.File]) -> [SourceFinder.File] {
        if let known = listed.withLock({ $0[root] }) { return known }
        let files = list()
        listed.withLock { $0[root] = files }
        return files
    }
}
