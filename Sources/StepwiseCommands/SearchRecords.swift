import Site
import Synchronization

/// The search document of each page a build renders, as the cache stores it with the page, by the
/// document the page shows (its `source`): encoded as each page is built, so that a build holds the
/// bytes of every page's words rather than their strings until it records its pages — and, with a
/// spool, not even those: each is set aside there as it is made and read back when the page's entry
/// is written (a corpus's 13,000 pages held 62 MB of them at a cold build's peak, its last stage).
final class SearchRecords: Sendable {
    struct Record: Sendable {
        /// The document in the cache's form; nil when it cannot be encoded.
        var search: CachedValue<SearchDocument>?
        /// `SearchDocument.fingerprint` of the document.
        var fingerprint: String
    }

    private let records = Mutex<[String: Record]>([:])
    /// Where each record's bytes are set aside (nil: held).
    private let spool: Spool?

    init(spool: Spool? = nil) {
        self.spool = spool
    }

    /// Records `search`, the search document of the page of `document`, and its fingerprint. Called on
    /// the threads that build the pages: each encodes its own.
    @Sendable func record(_ document: String, _ search: SearchDocument, fingerprint: String) {
        let encoded = try? CachedValue(search)
        let record = Record(search: spool.flatMap { spool in encoded?.spooled(in: spool) } ?? encoded, fingerprint: fingerprint)
        records.withLock { $0[document] = record }
    }

    /// Every document's record.
    var all: [String: Record] { records.withLock { $0 } }

    /// Each locale's search index built again (`SearchSnapshot.bytes()`), set aside in the spool as it
    /// is made (held without one) until the cache is saved: a corpus's two locales held 50 MB of them
    /// through the rest of a cold build.
    private let snapshots = Mutex<[String: CachedBytes]>([:])

    @Sendable func recordSnapshot(_ locale: String, _ bytes: [UInt8]) {
        let kept = spool.flatMap { spool in bytes.withUnsafeBytes { spool.append($0) } }.map(CachedBytes.spooled) ?? .held(bytes)
        snapshots.withLock { $0[locale] = kept }
    }

    /// Hands each locale's snapshot to `body`, one at a time, read back from the spool (a snapshot
    /// that cannot be read back is skipped: the next build builds that locale's index afresh).
    func forEachSnapshot(_ body: (_ locale: String, _ bytes: [UInt8]) -> Void) {
        for (locale, kept) in snapshots.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            switch kept {
            case .held(let bytes): body(locale, bytes)
            case .spooled(let spooled): if let bytes = spooled.bytes { body(locale, bytes) }
            }
        }
    }

    private enum CachedBytes: Sendable {
        case held([UInt8])
        case spooled(Spool.Spooled)
    }
}
