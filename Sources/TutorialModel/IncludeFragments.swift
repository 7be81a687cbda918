import DocFXDialect
import Foundation
import Synchronization

/// The fragments of included files, each with its own includes spliced in, kept for every document of
/// a run (and its threads): an include named by a hundred articles is modelled once, not once per
/// article. A fragment is kept under everything it is made of (`Key`), so a document that loaded an
/// include otherwise — another text, its own includes cut short by a cycle or by the include budget
/// of that document — gets its own.
final class IncludeFragments: Sendable {
    /// Everything an included document's fragment is made of: its file as read, its layout, the name
    /// it is included by, its code references as resolved, and the same of each include it holds, with
    /// those it could not expand.
    struct Key: Hashable, Sendable {
        var path: String
        var url: URL
        var lines: SourceLines
        var layout: ContentLayout
        var name: String?
        var codeReferences: [ResolvedCodeReference]
        var missing: [MissingInclude]
        var directives: [IncludeDirective]
        var resolvedPaths: [String]
        var fallbacks: [Bool]
        var nested: [Key]

        /// The file's lines compared and hashed by their bytes: the fastest, and exact (two spellings
        /// of one text are two texts: the model quotes the bytes).
        static func == (a: Key, b: Key) -> Bool {
            a.path == b.path && a.name == b.name && a.lines.sameBytes(as: b.lines) && a.url == b.url && a.layout == b.layout
                && a.codeReferences == b.codeReferences && a.missing == b.missing && a.directives == b.directives
                && a.resolvedPaths == b.resolvedPaths && a.fallbacks == b.fallbacks && a.nested == b.nested
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(name)
            lines.hashBytes(into: &hasher)
            hasher.combine(directives.count)
            for key in nested { key.hash(into: &hasher) }
        }

        init(_ document: LoadedDocument, name: String?) {
            path = document.file.path
            url = document.file.url
            lines = document.file.compactLines
            layout = document.layout
            self.name = name
            codeReferences = document.codeReferences
            missing = document.missingIncludes
            directives = document.includes.map(\.directive)
            resolvedPaths = document.includes.map(\.resolvedPath)
            fallbacks = document.includes.map(\.fallback)
            nested = document.includes.map { Key($0.document, name: $0.directive.name) }
        }
    }

    /// Fragments kept at most: far more than a repository's includes, bounded for a long-running server
    /// whose includes change.
    private let capacity: Int
    private let fragments = Mutex<[Key: Fragment]>([:])

    init(capacity: Int = 20_000) {
        self.capacity = capacity
    }

    /// The fragment kept for `key`, or `make()`'s, kept for the next caller. Two threads may make the
    /// same one at once: the first kept is everyone's (they are equal).
    func fragment(_ key: Key, make: () -> Fragment) -> Fragment {
        if let known = fragments.withLock({ $0[key] }) { return known }
        let made = make()
        return fragments.withLock { kept in
            if let first = kept[key] { return first }
            if kept.count >= capacity { kept.removeAll(keepingCapacity: true) }
            kept[key] = made
            return made
        }
    }

    /// How many fragments are kept.
    var count: Int { fragments.withLock { $0.count } }
}
