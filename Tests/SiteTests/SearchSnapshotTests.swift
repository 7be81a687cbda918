import Foundation
@testable import Site
import Testing
import TutorialModel

/// A locale's search index kept for the next build (`SearchSnapshot`): read back exactly, refused when
/// damaged, and — the pages whose fingerprint is unchanged taken from it, the others added afresh —
/// giving exactly the index, and the files, of every page indexed from scratch.
@Suite struct SearchSnapshotTests {
    /// A page of `sections` sections whose terms are drawn from a small vocabulary (so that pages share
    /// terms), varied by `version`.
    private func document(_ number: Int, sections: Int, version: Int = 0) -> SearchDocument {
        var document = SearchDocument(
            tutorial: .init(outline: "p\(number).md", locale: "fr-fr", edition: "current", tutorialPath: "p\(number).md", title: "Page \(number)", description: nil),
            page: "fr-fr/dossier-\(number % 3)/p\(number).html", tokenizer: SearchTokenizer(locale: "fr-fr"))
        document.sections = (0..<sections).map { section in
            let terms = Set((0..<(3 + (number + section) % 5)).map { "mot\((number * 7 + section * 3 + $0 * 11 + version) % 23)" } + ["commun", "page\(number)"]).sorted()
            return .init(id: "s\(section)", heading: "Section \(section) de la page \(number)", snippet: "Texte \(number).\(section) v\(version)", terms: terms)
        }
        return document
    }

    private func index(_ documents: [SearchDocument]) -> SearchIndex {
        var index = SearchIndex(locale: "fr-fr")
        documents.forEach { index.add($0) }
        return index
    }

    private func fingerprints(_ documents: [SearchDocument]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: documents.map { ($0.page, $0.fingerprint) })
    }

    @Test("a snapshot reads back as it was written: the canonical index and each page's fingerprint")
    func roundTrip() throws {
        let documents = (1...40).map { document($0, sections: $0 % 4) }
        let snapshot = SearchSnapshot(index: index(documents.reversed()), fingerprints: fingerprints(documents))
        let read = try #require(snapshot.bytes().withUnsafeBytes { SearchSnapshot(bytes: $0) })
        #expect(read.index == index(documents).canonical())
        #expect(read.fingerprints == fingerprints(documents))
        #expect(read.spelled == snapshot.spelled && read.spelled.count == documents.count)
        // Spelled as the files spell each page: its entry, and its headings' terms but the title's.
        let page = try #require(read.index.pages.first { $0.sections.count > 1 })
        let spelled = try #require(read.spelled[page.path])
        #expect(spelled.entry == read.index.json(page))
        #expect(spelled.headings == page.sections.map { $0.heading == page.title ? "" : SearchTokenizer(locale: "fr-fr").distinctTerms($0.heading).joined(separator: " ") })
        #expect(spelled.headings.contains { !$0.isEmpty })
        #expect(read.index.sectionCount == documents.reduce(0) { $0 + $1.sections.count })
    }

    @Test("cut, altered or other bytes are refused, never half read")
    func damaged() {
        let documents = (1...6).map { document($0, sections: 2) }
        let bytes = SearchSnapshot(index: index(documents), fingerprints: fingerprints(documents)).bytes()
        for cut in 0..<bytes.count {
            #expect(Array(bytes.prefix(cut)).withUnsafeBytes { SearchSnapshot(bytes: $0) } == nil, "cut at \(cut)")
        }
        var version = bytes
        version[4] = 99
        #expect(version.withUnsafeBytes { SearchSnapshot(bytes: $0) } == nil)
        #expect((bytes + [0]).withUnsafeBytes { SearchSnapshot(bytes: $0) } == nil, "bytes after the snapshot")
        // The pages' length (read to split the pages from the terms) one byte short or long: each part
        // then ends elsewhere than its last byte, and both are refused. The field follows the magic,
        // the version, the locale and the page count (each count below 128: one byte).
        let field = 5 + 1 + "fr-fr".utf8.count + 1
        #expect(Int(bytes[field]) > 0x80 && bytes[field] < 0xFF, "the pages' length takes two bytes, its first not at a limit")
        for change in [-1, 1] {
            var length = bytes
            length[field] = UInt8(Int(length[field]) + change)
            #expect(length.withUnsafeBytes { SearchSnapshot(bytes: $0) } == nil, "pages' length changed by \(change)")
        }
    }

    @Test("removing pages gives the index of the other pages, numbered again")
    func removing() {
        let documents = (1...12).map { document($0, sections: 1 + $0 % 3) }
        let gone: Set = [documents[0].page, documents[5].page, documents[11].page]
        let removed = index(documents).removingPages(gone)
        let rest = index(documents.filter { !gone.contains($0.page) })
        #expect(removed == rest)
        #expect(removed.files() == rest.files())
        #expect(index(documents).removingPages([]) == index(documents))
    }

    @Test("pages unchanged taken from the snapshot, the others added afresh: exactly the index of every page indexed from scratch", arguments: [0, 1, 2, 3])
    func incremental(seed: Int) {
        let before = (1...30).map { document($0, sections: ($0 + seed) % 4) }
        let snapshot = SearchSnapshot(index: index(before), fingerprints: fingerprints(before))
        // Edited (fewer, more or other sections), removed and added pages; the rest as they were.
        var after = before.enumerated().compactMap { offset, document -> SearchDocument? in
            switch (offset + seed) % 7 {
            case 0: return self.document(offset + 1, sections: (offset + seed) % 4 + 1, version: 1)
            case 3: return nil
            default: return document
            }
        }
        after += (31...(31 + seed)).map { document($0, sections: 2) }
        // Rendered again this build (an unchanged page too, as a template change renders every page).
        let rendered = after.enumerated().filter { $0.offset % 5 == seed || before.firstIndex(of: $0.element) == nil }.map(\.element)
        var built = index(rendered)
        let kept = snapshot.kept(fingerprints(after), except: Set(rendered.map(\.page)))
        built.merge(kept)
        let held = Set(kept.pages.map(\.path)).union(rendered.map(\.page))
        after.filter { !held.contains($0.page) }.forEach { built.add($0) }
        #expect(built.canonical() == index(after).canonical())
        #expect(built.files() == index(after).files())
        // The kept pages spelled as the snapshot (read back) has them, the others spelled anew: the same files.
        let whole = built.canonical()
        let read = snapshot.bytes().withUnsafeBytes { SearchSnapshot(bytes: $0) }
        let known = (read?.spelled ?? [:]).filter { kept.pages.map(\.path).contains($0.key) }
        #expect(!known.isEmpty && known.count == kept.pages.count)
        #expect(whole.canonicalFiles(spelled: whole.spelledPages(known: known)) == index(after).files())
        // …and they are taken from there: spelled otherwise, the files say so.
        let altered = known.mapValues { SearchIndex.SpelledPage(entry: $0.entry.replacingOccurrences(of: "Page", with: "Paje"), headings: $0.headings) }
        #expect(whole.canonicalFiles(spelled: whole.spelledPages(known: altered)) != index(after).files())
        #expect(kept.pages.count == after.filter { document in before.contains(document) && !rendered.contains(document) }.count)
    }

    @Test("pages edited with as many sections put in place of the snapshot's: exactly the index of every page indexed from scratch; pages that do not line up refused", arguments: [0, 1, 2])
    func replacing(seed: Int) throws {
        let before = (1...30).map { document($0, sections: 1 + ($0 + seed) % 4) }
        let snapshot = SearchSnapshot(index: index(before), fingerprints: fingerprints(before))
        // Every fourth page edited (other terms and text, as many sections; its own term `pageN` now
        // `editeN`), a few rendered again unchanged.
        let after = before.enumerated().map { offset, document in
            guard offset % 4 == seed else { return document }
            var edited = self.document(offset + 1, sections: document.sections.count, version: 1)
            for index in edited.sections.indices {
                edited.sections[index].terms = edited.sections[index].terms.map { $0 == "page\(offset + 1)" ? "edite\(offset + 1)" : $0 }.sorted()
            }
            return edited
        }
        let rendered = after.enumerated().filter { $0.offset % 7 == seed }.map(\.element)
        let held = snapshot.held(fingerprints(after), except: Set(rendered.map(\.page)))
        let fresh = index(rendered + after.filter { !held.contains($0.page) && !rendered.contains($0) })
        let patched = try #require(snapshot.index.replacingPages(with: fresh, keeping: held))
        #expect(held.count < before.count - 5 && held.count > 10)
        #expect(patched == index(after).canonical())
        #expect(patched.files() == index(after).files())
        // A term only the edited pages held before is gone; one only they hold now is there.
        #expect(snapshot.index.postings["page\(seed + 1)"] != nil && patched.postings["page\(seed + 1)"] == nil)
        #expect(snapshot.index.postings["edite\(seed + 1)"] == nil && patched.postings["edite\(seed + 1)"] != nil)
        // Nothing replaced: the snapshot's index as it is.
        #expect(snapshot.index.replacingPages(with: SearchIndex(locale: "fr-fr"), keeping: Set(before.map(\.page))) == snapshot.index)
        // A page of another number of sections, a page added, a page not replaced, a held page given again: refused.
        let edited = try #require(after.first { !held.contains($0.page) })
        let longer = self.document(Int(edited.title.split(separator: " ").last!)!, sections: edited.sections.count + 1, version: 2)
        #expect(snapshot.index.replacingPages(with: index([longer]), keeping: held.union(fresh.pages.map(\.path).filter { $0 != longer.page })) == nil)
        #expect(snapshot.index.replacingPages(with: index(rendered + [document(99, sections: 1)]), keeping: held) == nil)
        #expect(snapshot.index.replacingPages(with: SearchIndex(locale: "fr-fr"), keeping: held) == nil)
        let heldPage = try #require(after.first { held.contains($0.page) })
        #expect(snapshot.index.replacingPages(with: index([heldPage]), keeping: held.union(fresh.pages.map(\.path))) == nil)
    }
}
