import Foundation
import Site
import Testing

/// The index of a large locale as the browser loads it: a small manifest, terms split by range and
/// pages split in runs, each part small; a change to a few pages rewrites a few parts.
@Suite struct SearchIndexPartsTests {
    /// Words of 4 to 9 letters from a fixed sequence, so every run builds the same index.
    static func vocabulary(_ count: Int, seed: UInt64) -> [String] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = 4 + Int((state >> 60) % 6)
            return String((0..<length).map { position in Character(Unicode.Scalar(UInt8(97 + (state >> UInt64(6 + position * 5)) % 26))) })
        }
    }

    /// 1,500 pages of 4 sections, each section 24 words of a 20,000-word vocabulary.
    static func documents(changing changed: Int? = nil) -> [SearchDocument] {
        let words = vocabulary(20_000, seed: 7)
        return (0..<1_500).map { page in
            var document = SearchDocument(
                tutorial: .init(outline: "p\(page).md", locale: "fr-fr", edition: "current", tutorialPath: "p\(page).md", title: "Page \(page)", description: nil),
                page: "fr-fr/articles/folder\(page / 100)/page-\(page).html", tokenizer: SearchTokenizer(locale: "fr-fr"))
            document.sections = (0..<4).map { section in
                var terms = (0..<24).map { words[(page * 97 + section * 31 + $0 * 7_919) % words.count] }
                if page == changed, section == 0 { terms[0] = "zzchanged" }
                return .init(id: "section-\(section)", heading: "Section \(section) \(terms[2])", snippet: "Texte de la section \(section) de la page \(page), pour l’extrait.",
                             terms: Array(Set(terms)).sorted())
            }
            return document
        }
    }

    static func index(_ documents: [SearchDocument]) -> [String: String] {
        var index = SearchIndex(locale: "fr-fr")
        documents.forEach { index.add($0) }
        return Dictionary(uniqueKeysWithValues: index.files().map { ($0.path, String(decoding: $0.data, as: UTF8.self)) })
    }

    @Test("a large index is a small manifest, terms in parts by range and pages in runs, none much over its size")
    func split() throws {
        let documents = Self.documents()
        let files = Self.index(documents)
        let read = try SearchIndexTests.ReadIndex(files: files, locale: "fr-fr")
        let manifest = try #require(files["fr-fr/search-index.js"])
        #expect(read.termParts.count >= 8 && read.pageParts.count >= 20, "\(read.termParts.count) term parts, \(read.pageParts.count) page parts")
        #expect(manifest.utf8.count < read.pageParts.count * 30 + read.termParts.count * 40 + 4_000, "the manifest lists the parts, nothing more")
        for (path, text) in files where path.hasPrefix("fr-fr/search/") {
            #expect(text.utf8.count < (path.contains("/t-") ? 64_000 : 24_000) + 2_000, "\(path): \(text.utf8.count) bytes")
        }
        // Every term is in the part the manifest's ranges name: the last whose first term is not after it.
        for (offset, part) in read.termParts.enumerated() {
            let next = offset + 1 < read.termParts.count ? read.termParts[offset + 1].first : nil
            for term in part.terms {
                #expect(!term.utf16.lexicographicallyPrecedes(part.first.utf16) && next.map { term.utf16.lexicographicallyPrecedes($0.utf16) } ?? true, "\(term)")
            }
        }
        #expect(read.pageParts.allSatisfy { $0.listed == $0.held } && read.sections.count == 6_000)
        // What the parts hold is the index: a term's sections, by page and id.
        let document = documents[737]
        let term = document.sections[2].terms[0]
        let holding = documents.flatMap { document in
            document.sections.filter { $0.terms.contains(term) }.map { document.page.dropFirst("fr-fr/".count) + "#" + $0.id }
        }
        #expect(read.terms[term] == holding.sorted())
        #expect(read.terms.count == Set(documents.flatMap { $0.sections.flatMap(\.terms) }).count)
    }

    @Test("changing a word of a page rewrites the few parts that hold them; the other parts keep their names and bytes")
    func stableParts() {
        let before = Self.index(Self.documents())
        let after = Self.index(Self.documents(changing: 900))
        let parts = Set(before.keys.filter { $0.contains("/search/") })
        let kept = parts.intersection(after.keys)
        let changedTerms = parts.subtracting(kept).filter { $0.contains("/t-") }
        #expect(parts.subtracting(kept).allSatisfy { $0.contains("/t-") }, "no page part changes: \(parts.subtracting(kept))")
        // One word replaced by another: the parts of the two terms change (a third when a new run starts at one).
        #expect((1...3).contains(changedTerms.count), "\(changedTerms.count) of \(parts.filter { $0.contains("/t-") }.count) term parts")
        #expect(before["fr-fr/search-index.js"] != after["fr-fr/search-index.js"])
    }
}
