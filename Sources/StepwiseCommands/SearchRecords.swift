import Site
import Synchronization

/// The search document of each page a build renders, as the cache stores it with the page, by the
/// document the page shows (its `source`): encoded as each page is built, so that a build holds the
/// bytes of every page's words rather than their strings until it records its pages.
final class SearchRecords: Sendable {
    struct Record: Sendable {
        /// The document in the cache's form; nil when it cannot be encoded.
        var search: CachedValue<SearchDocument>?
        /// `SearchDocument.fingerprint` of the document.
        var fingerprint: String
    }

    private let records = Mutex<[String: Record]>([:])

    /// Records `search`, the search document of the page of `document`, and its fingerprint. Called on
    /// the threads that build the pages: each encodes its own.
    @Sendable func record(_ document: String, _ search: SearchDocument, fingerprint: String) {
        let record = Record(search: try? CachedValue(search), fingerprint: fingerprint)
        records.withLock { $0[document] = record }
    }

    /// Every document's record.
    var all: [String: Record] { records.withLock { $0 } }
}
