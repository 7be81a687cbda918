import Foundation
import Synchronization

/// The `ms.assetid` read from the header of each source file not loaded, kept for the batches of one
/// run (`WorkspaceLoader.load(_:batches:_:)`): every batch pairs with the same source files, and each
/// header is read once, not once per batch.
final class HeaderAssetIDs: Sendable {
    private let read = Mutex<[URL: String?]>([:])

    /// The asset id of the header of `url`, read by `header` the first time only.
    func assetID(of url: URL, header: (URL) -> String?) -> String? {
        if let known = read.withLock({ $0[url] }) { return known }
        let asset = header(url)
        read.withLock { $0[url] = asset }
        return asset
    }
}
