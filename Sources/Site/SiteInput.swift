public import Foundation
public import TutorialModel

/// Everything a site build reads besides the templates.
public struct SiteInput: Sendable {
    public var tutorials: [Tutorial]
    public var verifications: any SampleVerificationProvider
    public var driftReport: DriftReport
    /// Pages an earlier build rendered from exactly the same inputs, by the document they show (its
    /// `source`): kept, not rendered.
    public var previousPages: [String: PreviousPage] = [:]
    /// Pages about the whole site an earlier build wrote (index, status pages, drift report, sitemap,
    /// and their parts), by path: each kept when its fingerprint is this build's, not rendered.
    public var previousSitePages: [String: PreviousSitePage] = [:]
    /// Whether `previousSitePages` are every page about the whole site of this build, made from the
    /// same inputs (an incremental build whose plan, drift report and documents' rows are the last
    /// build's): kept whole, their views not even built.
    public var keepsSitePages = false
    /// The documents (by `source`) whose pages this build writes; nil: every document's. A shard of a
    /// sharded build writes its documents' pages only, planned — links, language switchers — with
    /// every document of `tutorials`, exactly as the whole build writes them.
    public var tutorialPages: Set<String>?
    /// Whether this build writes the assets and the pages about the whole site (index, drift report,
    /// sitemap): a shard does not (its part does not know every title), `stepwise merge` does.
    public var sitePages = true
    /// The tables of contents the pages' navigation is built from (none: each page's folder).
    public var navigation = SiteNavigation()
    /// The local images the documents show, copied into `media/` with the pages that show them.
    public var media = MediaCatalog()
    /// Media files copied as they are, whatever the pages (a merge: every part's `media/`); nil: the
    /// files of `media` that this build's pages show.
    public var copiedMedia: [MediaFile]?
    /// The ids of the sections of translations and older editions that are aligned with a section of
    /// their source, by document (its `source`) and section index: each the source section's id (see
    /// `PageAnchors.stableIDs`).
    public var stableSectionIDs: [String: [Int: String]] = [:]
    /// The date (`YYYY-MM-DD`) each document (by `source`) was last changed, from version control:
    /// shown as its page's "updated" date in place of its `ms.date`.
    public var lastUpdated: [String: String] = [:]
    /// The search indexes of every page (a merge: the shards' indexes); nil: indexed from the pages
    /// this build writes.
    public var search: SiteSearch?
    /// The site an earlier build wrote (an incremental build): a file of the search index with the same
    /// bytes there is kept from it (hard-linked), not written again; nil: every file is written.
    public var previousSite: URL?
    /// Handed the search document of each indexed page as the page is built (on the thread that built
    /// it), with the document it shows (its `source`) and its `fingerprint`: a build that records its
    /// pages for the next one keeps it (the cache indexes a kept page with it, without its document's
    /// model); nil: none is kept, the index takes what it needs.
    public var recordSearch: (@Sendable (_ source: String, _ search: SearchDocument, _ fingerprint: String) -> Void)?
    /// Each locale's search index as an earlier build wrote it (an incremental build), by locale: kept
    /// whole — its files hard-linked — when this build's pages give it the same fingerprint.
    public var previousSearch: [String: PreviousSearchIndex] = [:]
    /// Each locale's search index as an earlier build left it, read when the locale's index is built
    /// again (nil: there is none, or it cannot be read): the pages it holds with this build's
    /// fingerprint are taken from it, their stored documents not read (see `SearchSnapshot`).
    public var previousSearchSnapshot: (@Sendable (_ locale: String) -> SearchSnapshot?)?
    /// Handed each locale's search index built again as a later build can take it up (its
    /// `SearchSnapshot.bytes()`) as soon as it is made; nil: a run that keeps no cache (a merge, a
    /// comparison with the committed site), for which no snapshot is made.
    public var recordSearchSnapshot: (@Sendable (_ locale: String, _ bytes: [UInt8]) -> Void)?

    /// The search documents of the pages an incremental build with other templates renders again from
    /// their stored models, by document (its `source`): the words a page gives the index do not depend
    /// on the templates, so its document is the one the last build recorded, read only if its locale's
    /// index is built again (see `PreviousPage.deferredSearch`).
    public var storedSearch: [String: DeferredSearch] = [:]
    /// Handed each page rendered (not kept) with the model it was rendered from, its samples'
    /// verifications and its sections' stable ids (`stableSectionIDs`), on the thread that rendered it:
    /// a build that keeps them renders the page again with other templates without reading, modelling
    /// or checking its document (see `StoredPageModel`); nil: nothing is kept.
    public var recordPage: (@Sendable (_ model: PageModel, _ stableSectionIDs: [Int: String]) -> Void)?
    /// Handed the documents (their `source`) whose tutorial pages were written once every one is
    /// rendered, before the pages about the whole site and the search indexes are: what depends on
    /// the tutorial pages alone (the models `recordPage` was handed) can be saved meanwhile.
    public var tutorialsRendered: (@Sendable (_ written: Set<String>) -> Void)?

    /// Where the model of each page's document is read when `tutorials` are outlines (`Tutorial.outline`:
    /// a build that drops each model once its document is checked): read as its page is rendered, and
    /// dropped with the page, so that memory holds the pages in flight, not every model. nil:
    /// `tutorials` are the models, their samples verified by `verifications`.
    public var models: (any PageModels)?

    public init(tutorials: [Tutorial], verifications: any SampleVerificationProvider, driftReport: DriftReport = DriftReport()) {
        self.tutorials = tutorials
        self.verifications = verifications
        self.driftReport = driftReport
    }
}

/// The models of the documents a site is planned with by their outlines, read one page at a time.
public protocol PageModels: Sendable {
    /// The model of the document `planned` outlines, and its samples' verifications.
    func model(of planned: Tutorial) throws -> PageModel
}

/// A document's model as its page is rendered from it, with its samples' verifications.
public struct PageModel: Sendable {
    public var tutorial: Tutorial
    public var verifications: any SampleVerificationProvider
    /// The stable ids of its sections as a build that rendered the page before recorded them (see
    /// `SiteInput.recordPage`); nil: those of `SiteInput.stableSectionIDs`.
    public var stableSectionIDs: [Int: String]?

    public init(tutorial: Tutorial, verifications: any SampleVerificationProvider, stableSectionIDs: [Int: String]? = nil) {
        self.tutorial = tutorial
        self.verifications = verifications
        self.stableSectionIDs = stableSectionIDs
    }
}

/// A page of an earlier build that is still right: where it is and how its samples were verified.
public struct PreviousPage: Sendable {
    /// The page's path in the site.
    public var page: String
    public var file: URL
    public var samples: [SampleVerification.Status: Int]
    /// What the search index took from it when it was rendered (nil: not recorded; a page of an
    /// older edition has none): a kept page is indexed with it, without its document's model.
    public var search: SearchDocument?
    /// The same, read only when its locale's search index is built again (an incremental build).
    public var deferredSearch: DeferredSearch?

    public init(page: String, file: URL, samples: [SampleVerification.Status: Int], search: SearchDocument? = nil, deferredSearch: DeferredSearch? = nil) {
        self.page = page
        self.file = file
        self.samples = samples
        self.search = search
        self.deferredSearch = deferredSearch
    }
}

/// A kept page's search document, known by its fingerprint and read only when needed.
public struct DeferredSearch: Sendable {
    /// `SearchDocument.fingerprint` of the document `load` gives.
    public var fingerprint: String
    /// The document; nil when it cannot be read.
    public var load: @Sendable () -> SearchDocument?

    public init(fingerprint: String, load: @escaping @Sendable () -> SearchDocument?) {
        self.fingerprint = fingerprint
        self.load = load
    }
}

/// A locale's search index an earlier build wrote: the fingerprint of the pages it was built from,
/// its files and their size.
public struct PreviousSearchIndex: Sendable {
    public var fingerprint: String
    /// Each file's path in the site → the file in the earlier site.
    public var files: [String: URL]
    public var size: SearchIndexSize

    public init(fingerprint: String, files: [String: URL], size: SearchIndexSize) {
        self.fingerprint = fingerprint
        self.files = files
        self.size = size
    }
}


/// A page about the whole site an earlier build wrote: what it showed (its fingerprint) and where it is.
public struct PreviousSitePage: Sendable {
    public var fingerprint: String
    public var file: URL

    public init(fingerprint: String, file: URL) {
        self.fingerprint = fingerprint
        self.file = file
    }
}
