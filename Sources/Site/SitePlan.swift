import Foundation
import StepwiseDiagnostics
public import TutorialModel

/// Which pages the site has and where each one lives, relative to the site root.
struct SitePlan: Sendable {
    var configuration: SiteConfiguration
    /// Every tutorial document, sorted by tutorial, edition and locale.
    let tutorials: [Tutorial]

    /// The locales with at least one tutorial, the default locale first.
    let locales: [String]
    /// The locales with a page of the current edition: each has a search index.
    let searchLocales: Set<String>
    /// The tutorial paths, in order.
    let tutorialPaths: [String]
    /// Where the tutorials of each tutorial path are in `tutorials` (they follow each other): every
    /// lookup is one dictionary access, and no tutorial is held twice.
    private let byPath: [String: Range<Int>]
    /// The tutorial path of each page name that only one tutorial has, for links that do not
    /// resolve by path (a link written in an include, relative to the include's folder).
    private let pathByUniqueName: [String: String]

    init(tutorials: [Tutorial], configuration: SiteConfiguration) {
        self.configuration = configuration
        // Compared field by field, in place: a tuple of the fields copied (retained) six strings at
        // every comparison, and a site plans tens of thousands of documents (every check's links too).
        let sorted = tutorials.sortedByPosition { a, b in
            if a.tutorialPath != b.tutorialPath { return a.tutorialPath < b.tutorialPath }
            if a.edition != b.edition { return a.edition < b.edition }
            return a.locale < b.locale
        }
        self.tutorials = sorted
        var locales = Set<String>(), searchLocales = Set<String>()
        var paths: [String] = [], ranges: [String: Range<Int>] = [:]
        sorted.withUnsafeBufferPointer { sorted in
            var start = 0
            for index in sorted.indices {
                locales.insert(sorted[index].locale)
                if sorted[index].edition == configuration.sourceEdition { searchLocales.insert(sorted[index].locale) }
                if index + 1 == sorted.count || sorted[index + 1].tutorialPath != sorted[index].tutorialPath {
                    // Named as the first of them spells it (two spellings of one path are one path).
                    paths.append(sorted[start].tutorialPath)
                    ranges[sorted[start].tutorialPath] = start..<(index + 1)
                    start = index + 1
                }
            }
        }
        let all = locales.sorted()
        self.locales = all.filter { $0 == configuration.defaultLocale } + all.filter { $0 != configuration.defaultLocale }
        self.searchLocales = searchLocales
        tutorialPaths = paths
        byPath = ranges
        let byName = Dictionary(grouping: tutorialPaths, by: Self.pageName)
        pathByUniqueName = byName.compactMapValues { $0.count == 1 ? $0[0] : nil }
    }

    func isCurrent(_ tutorial: Tutorial) -> Bool { tutorial.edition == configuration.sourceEdition }

    /// The page of a document mirrors its place in `content/`, `.md` → `.html`:
    /// `en-us/articles/<folders>/<name>.html` for the current edition,
    /// `en-us/editions/<edition>/articles/<folders>/<name>.html` for others. Two documents never
    /// share a page, whatever their file names.
    func path(of tutorial: Tutorial) -> String {
        let page = Self.pagePath(tutorial.tutorialPath)
        return isCurrent(tutorial) ? "\(tutorial.locale)/\(page).html" : "\(tutorial.locale)/editions/\(tutorial.edition)/\(page).html"
    }

    /// The search box of a page at `path` in `locale`: the locale's index (nil without one).
    func searchBox(locale: String, path: String) -> SearchBox? {
        guard searchLocales.contains(locale) else { return nil }
        return SearchBox(index: Self.href(from: path, to: SearchIndex.path(locale: locale)), locale: locale, root: Self.root(of: path))
    }

    /// The header and footer of a site page at `path` in `locale` (no language switcher: a site page
    /// is about its locale, not a translation of another).
    func chrome(locale: String, strings: [String: String], title: String, path: String) -> PageChrome {
        var chrome = PageChrome(lang: locale, pageTitle: title, root: Self.root(of: path), strings: strings, alternates: [], languages: [])
        chrome.search = searchBox(locale: locale, path: path)
        return chrome
    }

    /// `path(of:)` as a URL path (percent-encoded where a file name needs it).
    func url(of tutorial: Tutorial) -> String { Self.encoded(path(of: tutorial)) }

    static func encoded(_ path: String) -> String {
        // Most paths are letters, digits, `-`, `.`, `_`, `~` and `/`, which stay as they are.
        guard !path.utf8.allSatisfy(isPlainPathByte) else { return path }
        return path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    /// A byte that is not percent-encoded in a path: an ASCII letter or digit, `-`, `.`, `_`, `~`, `/`.
    static func isPlainPathByte(_ byte: UInt8) -> Bool {
        byte.isASCIIAlphanumeric || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
    }

    /// Whether a tutorial path names a tutorial of the site.
    func contains(_ tutorialPath: String) -> Bool { byPath[tutorialPath] != nil }

    /// The tutorials of `tutorialPath`, in plan order (none for a path of no tutorial).
    private func group(_ tutorialPath: String) -> ArraySlice<Tutorial> {
        byPath[tutorialPath].map { tutorials[$0] } ?? []
    }

    /// The current edition at `tutorialPath` in `locale`: `variants(of:)`'s of that locale.
    func currentVariant(of tutorialPath: String, locale: String) -> Tutorial? {
        guard locales.contains(locale) else { return nil }
        return group(tutorialPath).first { $0.locale == locale && isCurrent($0) }
    }

    /// The current-edition variants of a tutorial, one per locale.
    func variants(of tutorialPath: String) -> [Tutorial] {
        let current = group(tutorialPath).filter(isCurrent)
        return locales.compactMap { locale in current.first { $0.locale == locale } }
    }

    /// The current edition of `tutorial` in its locale.
    func current(of tutorial: Tutorial) -> Tutorial? {
        group(tutorial.tutorialPath).first { $0.locale == tutorial.locale && isCurrent($0) }
    }

    /// Every tutorial of a tutorial path, in plan order.
    func all(of tutorialPath: String) -> [Tutorial] { Array(group(tutorialPath)) }

    /// The tutorial path whose page is named `name`, when exactly one tutorial has that name.
    func tutorialPath(named name: String) -> String? { pathByUniqueName[name] }

    /// The first variant of a tutorial in `locale`, any edition.
    func variant(of tutorialPath: String, locale: String) -> Tutorial? {
        group(tutorialPath).first { $0.locale == locale }
    }

    /// The tutorial path without `.md`.
    static func pagePath(_ tutorialPath: String) -> String {
        tutorialPath.hasSuffix(".md") ? String(tutorialPath.dropLast(3)) : tutorialPath
    }

    /// The file name without folders and `.md`.
    static func pageName(_ tutorialPath: String) -> String {
        let last = tutorialPath.slashSeparatedParts().last.map(String.init) ?? tutorialPath
        return last.hasSuffix(".md") ? String(last.dropLast(3)) : last
    }

    /// The relative link from the page at `from` to the page at `to` (both relative to the root).
    /// File names with spaces, `#`, `?` or `%` are percent-encoded, so the browser finds the file.
    static func href(from: String, to: String) -> String {
        root(of: from) + encoded(to)
    }

    /// `../` once per folder of `path`.
    static func root(of path: String) -> String {
        String(repeating: "../", count: folderDepth(of: path))
    }

    /// How many folders hold the page at `path`: its `/`-separated parts (empty ones aside) less one.
    /// Counted by bytes in ASCII paths; elsewhere a slash followed by a combining mark is no separator
    /// (`split` compares whole characters), so the characters are split.
    static func folderDepth(of path: String) -> Int {
        guard path.isAllASCII else { return path.split(separator: "/").count - 1 }
        var parts = 0
        var previous = UInt8(ascii: "/")
        for byte in path.utf8 {
            if byte != UInt8(ascii: "/"), previous == UInt8(ascii: "/") { parts += 1 }
            previous = byte
        }
        return parts - 1
    }
}
