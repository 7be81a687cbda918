import Foundation
import Site
import StepwiseWorkspace
import TutorialModel

/// The site's cache, `.stepwise/cache/site.json` (safe to delete): for every tutorial page of the last
/// build, the dependency key of its document (see `CheckCache`), its verification counts and the stamp
/// of the file written. A page is kept — hard-linked from the previous `generated/site`, not
/// rendered — when its document's files, the templates, `stepwise.yml`, the tool and the site's plan
/// (every document's path, locale, edition and title, which links and language switchers show) are all
/// the same, and the file is still the one that build wrote. Its document is then not re-checked either.
struct SiteCache {
    var file: URL
    var site: URL
    /// The tool, configuration, templates and plan this build renders with.
    var key: String

    init(root: URL, key: String) {
        file = root.appendingPathComponent(".stepwise/cache/site.json")
        site = root.appendingPathComponent("generated/site", isDirectory: true)
        self.key = key
    }

    /// The key of a build: the check's key, every file of `templates/` (but `assets/`, copied by every
    /// build) and the plan of the site.
    static func key(checkKey: String, templates: URL, tutorials: [Tutorial]) -> String {
        var parts = [checkKey]
        let enumerator = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: nil)
        var files: [URL] = []
        let assets = templates.appendingPathComponent("assets").standardizedFileURL.path + "/"
        while let url = enumerator?.nextObject() as? URL {
            if !url.standardizedFileURL.path.hasPrefix(assets) { files.append(url) }
        }
        for url in files.sorted(by: { $0.path < $1.path }) {
            parts.append(url.path + "\t" + ((try? Data(contentsOf: url)).map(ContentHash.hex) ?? "folder"))
        }
        parts += tutorials.map { "\($0.source)\t\($0.tutorialPath)\t\($0.locale)\t\($0.edition)\t\($0.title)" }.sorted()
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }

    struct Page: Codable {
        var page: String
        var dependencyKey: String
        var samples: [String: Int]
        var stamp: FileStamp
        /// The ids of its sections, as the search index lists them (current pages).
        var sectionIDs: [String]?
    }

    struct Stored: Codable {
        static let version = 2
        var version = Stored.version
        var key: String
        /// By document (its display path).
        var pages: [String: Page]
    }

    /// The pages that can be kept, by document; empty when the key or anything else differs.
    func previousPages() -> [String: Page] {
        guard let data = try? Data(contentsOf: file), let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.version == Stored.version, stored.key == key else { return [:] }
        return stored.pages.filter { _, page in
            FileStamp.read(site.appendingPathComponent(page.page)).map { $0.identity == page.stamp.identity } ?? false
        }
    }

    /// Records the pages just written (after the site was swapped in).
    func save(_ summary: SiteSummary, dependencyKeys: [String: String]) {
        var pages: [String: Page] = [:]
        for (document, written) in summary.tutorialPages {
            guard let dependencyKey = dependencyKeys[document], let stamp = FileStamp.read(site.appendingPathComponent(written.page)) else { continue }
            pages[document] = Page(page: written.page, dependencyKey: dependencyKey,
                                   samples: Dictionary(uniqueKeysWithValues: written.samples.map { ($0.key.rawValue, $0.value) }), stamp: stamp,
                                   sectionIDs: summary.sectionIDs[document])
        }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try? encoder.encode(Stored(key: key, pages: pages)).write(to: file, options: .atomic)
    }

    /// A stored page as the site builder takes it.
    func previous(_ page: Page) -> PreviousPage {
        PreviousPage(page: page.page, file: site.appendingPathComponent(page.page),
                     samples: Dictionary(uniqueKeysWithValues: page.samples.compactMap { key, count in SampleVerification.Status(rawValue: key).map { ($0, count) } }),
                     sectionIDs: page.sectionIDs)
    }
}
