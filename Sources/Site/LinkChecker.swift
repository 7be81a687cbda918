public import TutorialModel
import StepwiseDiagnostics

/// Checks every link of a set of documents the way their pages resolve them: a link to a document
/// that is neither in the site nor named as external is broken, and a `#fragment` that names no
/// element of the page it points to (or of its own page) is a missing anchor. The documents and
/// their anchors are indexed once; each link is then a few dictionary lookups. External links are
/// not fetched.
public struct LinkChecker: Sendable {
    /// A link that goes nowhere, at the place it is written.
    public struct Problem: Hashable, Sendable {
        public enum Kind: Sendable { case brokenLink, missingAnchor }
        public var kind: Kind
        /// The document whose page shows the link.
        public var document: String
        public var locale: String
        public var link: LinkReference
        public var message: String
    }

    private let plan: SitePlan
    private let checked: [DocumentLinks]
    /// The anchors of each document whose anchors are known, by its path.
    private let anchors: [String: SortedAnchors]

    /// `documents`: the documents to check, with their anchors; `others`: every other document of
    /// the content (their anchors unknown: fragments pointing at them are not checked).
    public init(documents: [DocumentLinks], others: [Tutorial], configuration: SiteConfiguration) {
        let places = documents.map(Self.place)
        let known = Set(places.map(Self.key))
        plan = SitePlan(tutorials: places + others.filter { !known.contains(Self.key($0)) }, configuration: configuration)
        checked = documents
        // Kept as the sorted arrays the documents have (no set built per document: a check of one
        // edited page looks up a few of a corpus's).
        anchors = Dictionary(documents.map { ($0.document, SortedAnchors($0.anchors)) }, uniquingKeysWith: { first, _ in first })
    }

    private static func place(_ document: DocumentLinks) -> Tutorial {
        Tutorial(outline: document.document, locale: document.locale, edition: document.edition, tutorialPath: document.tutorialPath, title: "", description: nil)
    }

    private static func key(_ tutorial: Tutorial) -> [String] { [tutorial.locale, tutorial.edition, tutorial.tutorialPath] }

    /// Every broken link and missing anchor, in document order.
    public func problems() -> [Problem] {
        problemsByDocument(of: checked).flatMap(\.problems)
    }

    /// The problems of each of `documents` (documents of the site: `init`'s, with their links), in
    /// their order, with the documents its links point to (by `source`): a document's problems change
    /// only when it or one of them does (or the site's documents).
    public func problemsByDocument(of documents: [DocumentLinks]) -> [(document: String, problems: [Problem], targets: Set<String>)] {
        documents.concurrentRuns { self.problemsByDocument(of: $0) }
    }

    /// `problemsByDocument` for a run of consecutive documents.
    private func problemsByDocument(of documents: ArraySlice<DocumentLinks>) -> [(document: String, problems: [Problem], targets: Set<String>)] {
        // Shared includes put the same links on thousands of pages: each (locale, folders, destination)
        // is resolved once per run of documents.
        var resolved: [String: LinkResolver.Target] = [:]
        var result: [(document: String, problems: [Problem], targets: Set<String>)] = []
        for document in documents {
            let resolver = LinkResolver(plan: plan, pagePath: "", locale: document.locale, documentPath: document.tutorialPath)
            let folder = NavigationIndex.folder(of: document.tutorialPath)
            var byFile: [String: LinkResolver] = [:]
            var found: [Problem] = []
            var targets = Set<String>()
            for link in document.links {
                let fileKey = link.origin.include == nil ? "" : link.origin.path
                let written = byFile[fileKey] ?? resolver.writtenIn(link.origin)
                byFile[fileKey] = written
                let key = [document.locale, folder, written.includeFolders?.joined(separator: "/") ?? "\u{0}", link.destination].joined(separator: "\u{1}")
                let target = resolved[key] ?? written.target(link.destination)
                resolved[key] = target
                if case .page(let page, _) = target { targets.insert(page.source) }
                if let problem = problem(target, link: link, in: document) { found.append(problem) }
            }
            result.append((document.document, found, targets))
        }
        return result
    }

    private func problem(_ target: LinkResolver.Target, link: LinkReference, in document: DocumentLinks) -> Problem? {
        func make(_ kind: Problem.Kind, _ message: String) -> Problem {
            Problem(kind: kind, document: document.document, locale: document.locale, link: link, message: message)
        }
        switch target {
        case .missing(let path):
            return make(.brokenLink, "link to “\(link.destination)” goes nowhere: \(document.locale)/\(path) is not a document of the content, nor named in externalDocuments")
        case .samePage(let fragment?):
            guard let ids = anchors[document.document], !PageAnchors.contains(fragment, in: ids) else { return nil }
            return make(.missingAnchor, "“#\(fragment)” names no heading or anchor of this page\(Self.suggestion(fragment, ids))")
        case .page(let target, let fragment?):
            guard let ids = anchors[target.source], !PageAnchors.contains(fragment, in: ids) else { return nil }
            return make(.missingAnchor, "“#\(fragment)” names no heading or anchor of \(target.source)\(Self.suggestion(fragment, ids))")
        default:
            return nil
        }
    }

    /// An entry of a table of contents that points nowhere.
    public struct TableProblem: Hashable, Sendable {
        public var file: String
        public var locale: String
        public var line: Int
        public var column: Int
        public var message: String
    }

    /// The entries of `tables` whose link names no document (or no anchor of a checked document).
    public func problems(in tables: [SiteNavigation.Table]) -> [TableProblem] {
        tables.concurrentMap { table in
            let resolver = LinkResolver(plan: plan, pagePath: "", locale: table.locale, documentPath: table.documentPath)
            var found: [TableProblem] = []
            var stack = Array(table.contents.entries.reversed())
            while let entry = stack.popLast() {
                stack += entry.children.reversed()
                guard let href = entry.href else { continue }
                let message: String?
                switch resolver.target(href) {
                case .missing(let path):
                    message = "entry “\(entry.title)” links to “\(href)”: \(table.locale)/\(path) is not a document of the content, nor named in externalDocuments"
                case .page(let target, let fragment?):
                    message = anchors[target.source].flatMap { PageAnchors.contains(fragment, in: $0) ? nil : "entry “\(entry.title)”: “#\(fragment)” names no heading or anchor of \(target.source)" }
                default:
                    message = nil
                }
                if let message { found.append(TableProblem(file: table.file, locale: table.locale, line: entry.line, column: entry.column, message: message)) }
            }
            return found
        }.flatMap { $0 }
    }

    /// `; did you mean “#id”?` when one id of the page is close to the fragment.
    private static func suggestion(_ fragment: String, _ ids: SortedAnchors) -> String {
        let wanted = PageAnchors.id(for: fragment)
        // The first in order of the ids that start the fragment's or that it starts.
        let close = ids.sorted.first { !$0.contains("-step-") && ($0.hasPrefix(wanted) || wanted.hasPrefix($0)) }
        return close.map { "; did you mean “#\($0)”?" } ?? ""
    }
}

extension DocumentLinks {
    /// The links and page anchors of a tutorial.
    public init(_ tutorial: Tutorial) {
        self.init(
            document: tutorial.source, locale: tutorial.locale, edition: tutorial.edition, tutorialPath: tutorial.tutorialPath,
            anchors: PageAnchors(tutorial).ids.sorted(), links: tutorial.links)
    }
}

/// A page's anchor ids, sorted (as `DocumentLinks` has them; sorted here when they are not), found
/// by bisection.
struct SortedAnchors: Sendable {
    let sorted: [String]

    init(_ ids: [String]) {
        sorted = ids.isSorted(by: <) ? ids : ids.sorted()
    }

    func contains(_ id: String) -> Bool {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == id
    }
}
