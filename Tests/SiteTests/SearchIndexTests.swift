import Foundation
@testable import Site
import Synchronization
import Testing

/// The search index the site builder writes per locale: each term → the sections (page#id) that
/// hold it, from a small crafted project.
@Suite struct SearchIndexTests {
    /// A locale's index read back from its files: the manifest, then every part it names; every term
    /// with the `page#section` it points at, and the sections whose own heading holds it.
    struct ReadIndex {
        var sections: [(page: String, id: String, heading: String, snippet: String)] = []
        var terms: [String: [String]] = [:]
        var headings: [String: [String]] = [:]
        /// Each term part: the first term the manifest gives it, and its terms.
        var termParts: [(first: String, terms: [String])] = []
        /// Each page part: the sections the manifest gives it, and the sections it holds.
        var pageParts: [(listed: Int, held: Int)] = []

        init(files: [String: String], locale: String) throws {
            let manifest = try #require(try Self.value(of: files, path: "\(locale)/search-index.js", key: locale) as? [String: Any])
            for entry in try #require(manifest["pages"] as? [[Any]]) {
                let path = "\(locale)/search/p-\(entry[1]).js"
                let pages = try #require(try Self.value(of: files, path: path, key: path) as? [[Any]])
                let before = sections.count
                for page in pages {
                    let title = page[1] as? String ?? ""
                    for section in try #require(page[2] as? [[String]]) {
                        // Empty: the heading's slug, which the script spells again (the title's for an empty heading).
                        let id = section[0].isEmpty ? SearchIndex.slug(section[1].isEmpty ? title : section[1]) : section[0]
                        sections.append((page[0] as? String ?? "", id, section[1], section[2]))
                    }
                }
                pageParts.append((entry[0] as? Int ?? -1, sections.count - before))
            }
            for entry in try #require(manifest["terms"] as? [[String]]) {
                let path = "\(locale)/search/t-\(entry[1]).js"
                let part = try #require(try Self.value(of: files, path: path, key: path) as? [String: String])
                termParts.append((entry[0], Array(part.keys)))
                for (term, lists) in part {
                    let split = lists.split(separator: ",", omittingEmptySubsequences: false)
                    terms[term] = decode(split[0])
                    if split.count > 1 { headings[term] = decode(split[1]) }
                }
            }
        }

        /// Base-26 differences → `page#id` of each section.
        private func decode(_ list: Substring) -> [String] {
            var number = 0, value = 0
            return list.unicodeScalars.compactMap { digit in
                guard digit.value >= 97 else { value = value * 26 + Int(digit.value) - 65; return nil }
                number += value * 26 + Int(digit.value) - 97
                value = 0
                return sections[number].page + "#" + sections[number].id
            }
        }

        /// What the script at `path` assigns to the global under `key`, parsed as JSON.
        static func value(of files: [String: String], path: String, key: String) throws -> Any {
            let script = try #require(files[path], "\(path) is written")
            let assignment = "(window.stepwiseSearchIndex = window.stepwiseSearchIndex || {})[\"\(key)\"] = "
            let start = try #require(script.range(of: assignment), "\(script.prefix(200))")
            #expect(script.hasSuffix(";\n"))
            return try JSONSerialization.jsonObject(with: Data(script[start.upperBound...].dropLast(2).utf8))
        }
    }

    private func french() -> String {
        """
        ---
        title: Créer une application
        ms.date: 03/04/2016
        ---
        # Créer une application

        Ce tutoriel explique la création d'une application.

        ## Configurer le service

        1. Ouvrez le portail et sélectionnez **Paramètres**.

                var secretcodeword = 1;

        > [!NOTE]
        > Vérifiez la clé d’accès.
        """
    }

    private func site() throws -> [String: String] {
        let fixture = try SiteFixture()
        let tutorials = [
            try fixture.tutorial("fr-fr/articles/app.md", french()),
            try fixture.tutorial("fr-fr/articles/b/autre.md", "---\ntitle: Autre page\n---\n# Autre page\n\n## Créez la ressource\n\nUne ressource.\n"),
            try fixture.tutorial("fr-fr/editions/2014/articles/app.md", "---\ntitle: Archive\n---\n# Archive\n\nArchivewordzz créer.\n"),
            try fixture.tutorial("de-de/articles/app.md", "---\ntitle: Übersicht\n---\n# Übersicht\n\n## Straße erstellen\n\nGrößere Dienste.\n"),
        ]
        return try fixture.render(tutorials)
    }

    @Test("each term of a locale points at the sections that hold it, by page and section id")
    func termsToSections() throws {
        let files = try site()
        let index = try ReadIndex(files: files, locale: "fr-fr")
        let french = SearchTokenizer(locale: "fr-fr")
        #expect(index.sections.map { "\($0.page)#\($0.id)" } == [
            "articles/app.html#creer-une-application", "articles/app.html#configurer-le-service",
            "articles/b/autre.html#autre-page", "articles/b/autre.html#creez-la-ressource",
        ], "pages in path order, sections in page order, ids as the pages give them")
        #expect(index.terms["cre"] == ["articles/app.html#creer-une-application", "articles/b/autre.html#creez-la-ressource"])
        #expect(index.terms[try #require(french.terms("Paramètres").first)] == ["articles/app.html#configurer-le-service"], "a step's words")
        #expect(index.terms[try #require(french.terms("Vérifiez").first)] == ["articles/app.html#configurer-le-service"], "an alert's words")
        #expect(index.headings["cre"] == ["articles/b/autre.html#creez-la-ressource"], "a heading's words, the page's title aside")
        #expect(index.headings["configur"] == ["articles/app.html#configurer-le-service"] && index.headings["ouvr"] == nil)
        #expect(index.terms["secretcodeword"] == nil, "code samples are not indexed")
        #expect(index.terms["une"] == nil && index.terms["un"] == nil, "stop words are not indexed")
        #expect(index.terms["archivewordzz"] == nil, "archived editions are not indexed")
        #expect(index.sections[1].heading == "Configurer le service" && index.sections[0].heading == "", "a heading repeating the title is left out")
        #expect(index.sections[0].snippet == "Ce tutoriel explique la création d'une application.")
        let page = try #require(files["fr-fr/articles/app.html"])
        for section in index.sections where section.page == "articles/app.html" {
            #expect(page.contains("<section id=\"\(section.id)\""), "\(section.id) is an id of the page")
        }
    }

    @Test("German words fold and stem in their own locale's index")
    func german() throws {
        let index = try ReadIndex(files: try site(), locale: "de-de")
        #expect(index.terms["strass"] == ["articles/app.html#strasse-erstellen"])
        #expect(index.terms["erstell"] == ["articles/app.html#strasse-erstellen"])
        #expect(index.terms["ubersich"] == ["articles/app.html#ubersicht"], "Übersicht: folded, its -t stripped")
    }

    @Test("every page's header has a labelled search box for its locale's index; the 404 page has none")
    func searchBox() throws {
        let files = try site()
        let page = try #require(files["fr-fr/articles/b/autre.html"])
        #expect(page.contains("<div class=\"site-search\" role=\"search\" hidden data-index=\"../../../fr-fr/search-index.js\" data-locale=\"fr-fr\" data-root=\"../../../\""))
        #expect(page.contains("<label for=\"site-search-input\">Rechercher</label>"))
        #expect(page.contains("<div id=\"site-search-results\" class=\"search-results\" aria-live=\"polite\"></div>"))
        #expect(page.contains("<script src=\"../../../assets/search.js\" defer></script>"))
        let archived = try #require(files["fr-fr/editions/2014/articles/app.html"])
        #expect(archived.contains("data-index=\"../../../../fr-fr/search-index.js\""), "an archived page searches the current edition")
        #expect(files["404.html"]?.contains("site-search") == false)
        #expect(files["assets/search.js"] != nil)
    }

    @Test("the index is the same whatever order pages are added in, one at a time or a shard at a time")
    func canonical() {
        let documents = (1...5).map { number in
            var document = SearchDocument(tutorial: .init(outline: "p\(number).md", locale: "fr-fr", edition: "current", tutorialPath: "p\(number).md", title: "Page \(number)", description: nil),
                                          page: "fr-fr/p\(number).html", tokenizer: SearchTokenizer(locale: "fr-fr"))
            document.sections = [.init(id: "s\(number)", heading: "Section \(number)", snippet: "", terms: ["commun", "mot\(number)"])]
            return document
        }
        var inOrder = SearchIndex(locale: "fr-fr")
        documents.forEach { inOrder.add($0) }
        var reversed = SearchIndex(locale: "fr-fr")
        documents.reversed().forEach { reversed.add($0) }
        var first = SearchIndex(locale: "fr-fr"), second = SearchIndex(locale: "fr-fr")
        [documents[4], documents[1]].forEach { first.add($0) }
        [documents[3], documents[0], documents[2]].forEach { second.add($0) }
        second.merge(first)
        #expect(reversed.files() == inOrder.files())
        #expect(second.files() == inOrder.files())
        #expect(inOrder.canonical().postings["commun"] == [0, 1, 2, 3, 4])
        let terms = inOrder.files().filter { $0.path.hasPrefix("fr-fr/search/t-") }
        #expect(terms.count == 1 && String(decoding: terms[0].data, as: UTF8.self).contains("\"commun\":\"abbbb\""), "differences between successive sections")
    }

    @Test("an id the script can spell from its heading is left out of the file; others are written")
    func derivedIDs() throws {
        #expect(SearchIndex.slug("Créer une application — étape 2") == "creer-une-application-etape-2")
        #expect(SearchIndex.slug("Straße & Übersicht!") == "strasse-ubersicht")
        let script = Self.indexFiles(try site(), locale: "fr-fr").joined()
        #expect(script.contains("[\"\",\"Configurer le service\","), "the slug of its heading")
        #expect(!script.contains("configurer-le-service"))
    }

    @Test("markup in titles, headings and text stays text in the index: no `<` reaches the script")
    func hostileText() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("fr-fr/articles/x.md", "---\ntitle: T\n---\n# T\n\n## <img src=x onerror=alert(2)> \"quoted\" \\ back\n\nText\u{2028}with &lt;/script&gt; and `<b>`.\n")
        let files = try fixture.render([tutorial])
        let index = try ReadIndex(files: files, locale: "fr-fr")
        let scripts = Self.indexFiles(files, locale: "fr-fr")
        #expect(scripts.count == 3, "the manifest, a part of pages, a part of terms")
        for script in scripts {
            #expect(!script.split(separator: "\n").dropFirst().joined().contains("<"), "\(script)")
            #expect(!script.contains("\u{2028}"))
        }
        #expect(index.sections.contains { $0.snippet.contains("with </script> and <b>.") }, "read back as written: \(index.sections)")
    }

    @Test("a string is spelled as JSON safe in a script: every escape, as the scalar-by-scalar spelling has it")
    func jsonStrings() {
        /// The spelling scalar by scalar: what the index's files have always held.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "<": out += "\\u003c"
                case "\u{2028}": out += "\\u2028"
                case "\u{2029}": out += "\\u2029"
                default:
                    if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
                }
            }
            return out + "\""
        }
        let texts = ["", "plain", "quote \" back \\ slash", "line\nbreak\ttab\r\u{0}\u{1f}", "<script>", "sep\u{2028}and\u{2029}end",
                     "\u{2027}\u{202A}\u{2020}", "é e\u{301} 日本 🙂 \u{7f}", "\r\n", String(repeating: "ñ<\"", count: 50)]
        for text in texts { #expect(SearchIndex.json(text) == reference(text), "\(text.debugDescription)") }
    }

    @Test("a search document read back from its stored form has its terms, one starting with a combining mark too")
    func storedTerms() throws {
        let terms = ["abc", "\u{301}b", "é", "x\u{2028}"]
        let stored = ["page": "fr-fr/a.html", "title": "T", "sections": [["s", "H", "x", terms.joined(separator: " ")]]] as [String: Any]
        let document = try JSONDecoder().decode(SearchDocument.self, from: JSONSerialization.data(withJSONObject: stored))
        #expect(document.sections.map(\.terms) == [terms])
        #expect(try JSONDecoder().decode(SearchDocument.self, from: JSONEncoder().encode(document)) == document)
    }

    @Test("section numbers are written as base-26 differences, a lowercase letter ending each")
    func postingEncoding() {
        #expect(SearchIndex.encodedPostings([0, 1, 2, 30]) == "abbBc")
        #expect(SearchIndex.encodedPostings([25, 26, 26 + 26 * 26]) == "zbBAa")
        #expect(SearchIndex.encodedPostings([]) == "")
        // Numbers of every width read back as the search script reads them: uppercase digits, then the lowercase last.
        var numbers: [UInt32] = [], next: UInt32 = 0
        for step: UInt32 in [0, 1, 25, 26, 675, 676, 17_575, 17_576, 456_975, 456_976, 11_881_375, 11_881_376, 308_915_775, 308_915_776] {
            next += step
            numbers.append(next)
        }
        var decoded: [UInt32] = [], value: UInt32 = 0, previous: UInt32 = 0
        for byte in SearchIndex.encodedPostings(numbers).utf8 {
            if byte >= 97 {
                previous += value * 26 + UInt32(byte - 97)
                decoded.append(previous)
                value = 0
            } else {
                value = value * 26 + UInt32(byte - 65)
            }
        }
        #expect(decoded == numbers)
        #expect(SearchIndex.encodedPostings([308_915_776]) == "BAAAAAa")
    }

    @Test("the build summary reports each index's size: its files, their bytes, the largest")
    func summary() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("fr-fr/articles/app.md", french())
        let input = SiteInput(tutorials: [tutorial], verifications: [SampleKey: SampleVerification]())
        let (files, summary) = try SiteBuilder(templates: StepwiseTestSupportRoot.templates, configuration: fixture.configuration).render(input)
        let sizes = files.filter { $0.key == "fr-fr/search-index.js" || $0.key.hasPrefix("fr-fr/search/") }.values.map(\.count)
        let size = try #require(summary.searchIndexes["fr-fr"])
        #expect(size.files == 3 && size.bytes == sizes.reduce(0, +) && size.largest == sizes.max())
        let kB = { (bytes: Int) in String(format: "%.1f kB", Double(bytes) / 1000) }
        #expect(summary.line.contains("; search index: fr-fr \(kB(size.bytes)) in 3 files (largest \(kB(size.largest)))"), "\(summary.line)")
    }

    @Test("a whole site's summary holds no built index; each locale's snapshot is made for recordSearchSnapshot when given, and not made without it")
    func snapshotHandedOver() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("fr-fr/articles/app.md", french())
        var input = SiteInput(tutorials: [tutorial], verifications: [SampleKey: SampleVerification]())
        let builder = SiteBuilder(templates: StepwiseTestSupportRoot.templates, configuration: fixture.configuration)
        let (plainFiles, plain) = try builder.render(input)
        #expect(plain.search.indexes.isEmpty, "written, the index is let go")
        let handed = Mutex<[String: [UInt8]]>([:])
        input.recordSearchSnapshot = { locale, bytes in handed.withLock { $0[locale] = bytes } }
        let (files, summary) = try builder.render(input)
        #expect(summary.search.indexes.isEmpty)
        let snapshots = handed.withLock { $0 }
        #expect(snapshots.keys.sorted() == ["fr-fr"])
        let snapshot = try #require(snapshots["fr-fr"]?.withUnsafeBytes { SearchSnapshot(bytes: $0) })
        #expect(snapshot.index.locale == "fr-fr" && !snapshot.index.pages.isEmpty)
        #expect(files == plainFiles, "the same site, whether the snapshot is made or not")
    }

    @Test("a section's terms are stored spaced, as joining them with spaces writes them", arguments: [
        [], [""], ["a"], ["", ""], ["é", "b"], ["déploy", "azur", "clé", "😀", "日本語"], (0..<500).map { "term\($0)" },
    ])
    func spacedTerms(_ terms: [String]) {
        #expect(SearchDocument.spaced(terms) == terms.joined(separator: " "))
        #expect(Array(SearchDocument.spaced(terms).utf8) == Array(terms.joined(separator: " ").utf8))
    }

    /// The text of every file of a locale's index: the manifest first, then its parts.
    static func indexFiles(_ files: [String: String], locale: String) -> [String] {
        [files["\(locale)/search-index.js"] ?? ""] + files.filter { $0.key.hasPrefix("\(locale)/search/") }.sorted { $0.key < $1.key }.map(\.value)
    }
}
