public import Foundation
import StepwiseDiagnostics

/// A file of the search index: where it goes below the site root, and its bytes.
public struct SearchFile: Hashable, Sendable {
    public var path: String
    public var data: Data
}

/// A part of the index: its file, and the entry the manifest lists it with.
struct SearchPart {
    var entry: String
    var file: SearchFile
}

extension SearchIndex {
    /// The global every file of the index assigns to (a `<script>` loads from `file://`, where
    /// `fetch()` is refused): the manifest under its locale, a part under its path.
    static let global = "stepwiseSearchIndex"

    /// The manifest of a locale's index, relative to the site root.
    static func path(locale: String) -> String { "\(locale)/search-index.js" }

    /// A part of a locale's index, named by its content: `<locale>/search/<kind>-<hash>.js`.
    static func partPath(locale: String, kind: String, hash: String) -> String { "\(locale)/search/\(kind)-\(hash).js" }

    /// The index as files, the manifest first. Every page that searches loads the manifest: the rules,
    /// and which part holds which pages and which terms. The script loads a part only when a query needs it:
    /// - `t-<hash>.js`, terms in UTF-16 order (the browser's) cut into runs of about 32 kB; the manifest
    ///   lists each run's first term, so the parts of a term, and of every term a prefix begins, are known;
    /// - `p-<hash>.js`, pages in path order cut into runs of about 12 kB; the manifest lists each run's
    ///   number of sections, so the parts of the sections a query shows are known.
    public func files() -> [SearchFile] {
        canonical().canonicalFiles()
    }

    /// `files()` of an index already canonical (see `canonical()`).
    func canonicalFiles() -> [SearchFile] {
        canonicalFiles(spelled: spelledPages(known: [:]))
    }

    /// `files()` of an index already canonical, its pages spelled (`spelledPages(known:)`).
    func canonicalFiles(spelled: [SpelledPage]) -> [SearchFile] {
        let pages = pageParts(spelled), terms = termParts(headings: headingPostings(spelled))
        return [manifest(pages: pages, terms: terms)] + pages.map(\.file) + terms.map(\.file)
    }

    /// What the index's files spell of one page on its own: its entry in a page part (`json(_:)`) and
    /// the terms of each section's heading (none for a heading that repeats the page's title: the
    /// script shows that section as the page). A page that a snapshot holds with its fingerprint
    /// unchanged spells the same, so a build after an edit takes it from there (`SearchSnapshot.spelled`).
    public struct SpelledPage: Hashable, Sendable {
        public var entry: String
        /// Each section's heading terms, separated by spaces (a term holds none), as the snapshot
        /// stores them: read back as they are, never split into a string per term.
        public var headings: [String]
    }

    /// Every page spelled, in page order: as `known` has it (by page path), else spelled here, on all
    /// cores (the pages are most of an index's bytes).
    func spelledPages(known: [String: SpelledPage]) -> [SpelledPage] {
        let tokenizer = SearchTokenizer(locale: locale)
        return pages.concurrentMap { page in
            known[page.path] ?? SpelledPage(entry: json(page), headings: page.sections.map { section in
                section.heading == page.title ? "" : tokenizer.distinctTerms(section.heading).joined(separator: " ")
            })
        }
    }

    /// `[page, …]`: each page as `[URL path below the locale, title, [[id, heading, snippet], …]]`
    /// (see `json(_:)`; spelled in `spelled`); the manifest entry is `[sections, hash]`.
    func pageParts(_ spelled: [SpelledPage]) -> [SearchPart] {
        let entries = Array(zip(pages, spelled.map(\.entry)))
        return ContentChunking.pages.runs(entries, size: { $0.1.utf8.count + 2 }, key: { $0.0.path }).map { run in
            let sections = run.reduce(0) { $0 + $1.0.sections.count }
            return part(kind: "p", body: "[\n" + run.map(\.1).joined(separator: ",\n") + "]") { "[\(sections),\"\($0)\"]" }
        }
    }

    /// `{term: sections, …}`: a term's sections as base-26 differences (`encodedPostings`), then, after a
    /// `,`, the sections whose own heading holds it (`headings`, see `headingPostings`: ranked higher);
    /// the manifest entry is `[first term, hash]`, the first part's first term empty.
    func termParts(headings: [Substring: [UInt32]]) -> [SearchPart] {
        // Each term's UTF-16 code units made once, not at every comparison of the sort.
        let order = postings.keys.map { (term: $0, units: Array($0.utf16)) }.sorted { $0.units.lexicographicallyPrecedes($1.units) }
        // Spelled on all cores: a term's entry is its postings encoded.
        let entries = order.concurrentMap { term, _ in
            let heading = headings[Substring(term)].map { "," + Self.encodedPostings($0) } ?? ""
            return (term, "\(Self.json(term)):\"\(Self.encodedPostings(postings[term] ?? []))\(heading)\"")
        }
        let runs = ContentChunking.terms.runs(entries, size: { $0.1.utf8.count + 2 }, key: { $0.0 })
        return runs.enumerated().map { offset, run in
            let first = offset == 0 ? "" : run[0].0
            return part(kind: "t", body: "{\n" + run.map(\.1).joined(separator: ",\n") + "}") { "[\(Self.json(first)),\"\($0)\"]" }
        }
    }

    /// Term → the sections whose heading holds it (each page's `headings`, in page order: numbers
    /// ascending), a heading that only repeats its page's title aside. Only the terms of `postings`
    /// are looked up in it (`termParts`).
    func headingPostings(_ spelled: [SpelledPage]) -> [Substring: [UInt32]] {
        var headings: [Substring: [UInt32]] = [:]
        var number: UInt32 = 0
        for page in spelled {
            for section in page.headings {
                // Split at the space's byte (never part of another character's UTF-8), into substrings of the line.
                for term in section.utf8.split(separator: UInt8(ascii: " ")) { headings[Substring(term), default: []].append(number) }
                number += 1
            }
        }
        return headings
    }

    /// A part's script: `body` assigned to the global under the part's path; named by the hash of `body`.
    func part(kind: String, body: String, entry: (String) -> String) -> SearchPart {
        let hash = ContentHash.hex(body.utf8)
        let path = Self.partPath(locale: locale, kind: kind, hash: hash)
        let script = "// Generated by stepwise: a part of the search index of \(locale), see search-index.js. Do not edit.\n"
            + "(window.\(Self.global) = window.\(Self.global) || {})[\(Self.json(path))] = \(body);\n"
        return SearchPart(entry: entry(hash), file: SearchFile(path: path, data: Data(script.utf8)))
    }

    /// `<locale>/search-index.js`: the rules and the parts, one entry a line, assigned to the global under the locale.
    func manifest(pages: [SearchPart], terms: [SearchPart]) -> SearchFile {
        var out = "// Generated by stepwise: the search index of \(locale); pages: \(self.pages.count), sections: \(sectionCount), "
            + "terms: \(postings.count); parts: \(pages.count) of pages, \(terms.count) of terms. Do not edit.\n"
        out += "(window.\(Self.global) = window.\(Self.global) || {})[\(Self.json(locale))] = {"
        out += "\"locale\":\(Self.json(locale)),\"rules\":\(Self.json(SearchRules.forLocale(locale))),\n"
        out += "\"pages\":[\n" + pages.map(\.entry).joined(separator: ",\n") + "],\n"
        out += "\"terms\":[\n" + terms.map(\.entry).joined(separator: ",\n") + "]};\n"
        return SearchFile(path: Self.path(locale: locale), data: Data(out.utf8))
    }
}
