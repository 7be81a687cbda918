import DocFXDialect
import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import TutorialModel

/// What every shard of a sharded site knows of the whole content: the place of every document that
/// can be read — its tutorial path, locale and edition, which is all that links and language
/// switchers need of another page — read from the file's header, not modelled. A shard plans its
/// pages with it and so writes them exactly as the whole build does.
enum SiteOutline {
    /// Every document of `urls` that can be read, as the loader would place its model.
    static func tutorials(of urls: [URL], loader: DocumentLoader) -> [Tutorial] {
        urls.concurrentMap { url -> Tutorial? in
            // The checks that keep a document from being modelled at all (see `WorkspaceDocument.failed`).
            guard let file = try? SourceFile.read(url, displayPath: loader.displayPath(of: url)) else { return nil }
            let layout = loader.layout(for: file.url)
            let metadata = MetadataReader.readLeniently(file).metadata
            return Tutorial(
                outline: file.path, locale: layout.locale(of: file.url) ?? metadata.contentLocale?.lowercased() ?? layout.defaultLocale,
                edition: layout.edition(of: file.url), tutorialPath: layout.tutorialPath(of: file.url), title: metadata.title ?? "", description: nil)
        }.compactMap { $0 }
    }

    /// A hash of the documents a site is planned with (by source, tutorial path, locale and edition):
    /// every shard and the merge of their parts must plan with the same documents.
    static func key(_ tutorials: [Tutorial]) -> String {
        let lines = tutorials.map { "\($0.source)\t\($0.tutorialPath)\t\($0.locale)\t\($0.edition)" }.sorted()
        return ContentHash.hex(Data(lines.joined(separator: "\n").utf8))
    }
}

/// What a site is rendered with besides the documents: the tool, `stepwise.yml`, the source locale
/// and edition, and every file of `templates/`. Shards and their merge must agree on it.
enum SiteSetup {
    static func key(root: URL, configuration: URL, sourceLocale: String, sourceEdition: String) -> String {
        var parts = ["stepwise \(Stepwise.configuration.version)", sourceLocale, sourceEdition,
                     (try? Data(contentsOf: configuration)).map(ContentHash.hex) ?? "no configuration"]
        let templates = root.appendingPathComponent("templates").standardizedFileURL
        var files: [(String, URL)] = []
        let enumerator = FileManager.default.enumerator(at: templates, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files.append((String(url.standardizedFileURL.path.dropFirst(templates.path.count)), url))
        }
        for (name, url) in files.sorted(by: { $0.0 < $1.0 }) {
            parts.append(name + "\t" + ((try? Data(contentsOf: url)).map(ContentHash.hex) ?? "unreadable"))
        }
        return ContentHash.hex(Data(parts.joined(separator: "\n").utf8))
    }
}

/// A shard's share of the whole-site pages (index, drift report, sitemap): what they show of each of
/// its documents, and how the shard was set up and planned, so that a merge can refuse parts that
/// do not belong together.
struct SiteShare: Codable {
    var sourceLocale: String
    var sourceEdition: String
    /// `SiteSetup.key` of the shard's run.
    var setup: String
    /// `SiteOutline.key` of the documents the shard planned its pages with (all of the content's).
    var plan: String
    /// The shard's documents that were modelled, sorted by source.
    var documents: [Document]
    /// The shard's documents that could not be read, sorted by source, with their problems.
    var unreadable: [Unreadable]
    /// The search indexes of the shard's pages (see `SiteSearch`).
    var search: SiteSearch?

    struct Document: Codable {
        var source: String
        var title: String
        var description: String?
        var row: DriftRow
        /// The page written (a build's part) and the verifications of its samples, by status.
        var page: String?
        var samples: [String: Int]?

        var tutorial: Tutorial {
            Tutorial(outline: source, locale: row.locale, edition: row.edition, tutorialPath: row.tutorialPath, title: title, description: description)
        }
    }

    struct Unreadable: Codable {
        var source: String
        var diagnostics: [Diagnostic]
    }

    /// The share of a shard's workspace, planned with `planned` (every document of the content).
    init(workspace: Workspace, configuration: URL, planned: [Tutorial], pages: [String: (page: String, samples: [SampleVerification.Status: Int])] = [:],
         search: SiteSearch) {
        self.search = search
        sourceLocale = workspace.sourceLocale
        sourceEdition = workspace.sourceEdition
        setup = SiteSetup.key(root: workspace.root, configuration: configuration, sourceLocale: sourceLocale, sourceEdition: sourceEdition)
        plan = SiteOutline.key(planned)
        documents = workspace.reported.compactMap(\.tutorial).map { tutorial in
            let written = pages[tutorial.source]
            return Document(
                source: tutorial.source, title: tutorial.title, description: tutorial.metadata.description, row: DriftRow(tutorial),
                page: written?.page, samples: written.map { Dictionary(uniqueKeysWithValues: $0.samples.map { ($0.key.rawValue, $0.value) }) })
        }.sorted { $0.source < $1.source }
        unreadable = workspace.failedDocuments.map { Unreadable(source: $0.id.path, diagnostics: $0.diagnostics) }.sorted { $0.source < $1.source }
    }

    /// The shard's planning: its documents' models and every other document's outline, and the
    /// documents whose pages it writes.
    static func plan(_ workspace: Workspace, paths: [URL], loader: WorkspaceLoader) -> (outline: [Tutorial], planned: [Tutorial], pages: Set<String>) {
        let content = loader.effectiveContentRoot(for: paths)
        let documentLoader = DocumentLoader(workingDirectory: loader.root, defaultLocale: loader.sourceLocale, contentRoot: content)
        let modelled = workspace.reported.compactMap(\.tutorial)
        let reported = Set(workspace.reported.map(\.url))
        let others = DocumentDiscovery().documents(at: paths, display: documentLoader.displayPath(of:)).documents.filter { !reported.contains($0) }
        let outline = SiteOutline.tutorials(of: others, loader: documentLoader)
        return (outline, modelled + outline, Set(modelled.map(\.source)))
    }
}

/// The parts of a sharded site checked and combined: every shard once, set up alike, planned with
/// the same documents, each document in one part.
struct SiteShares {
    var shares: [SiteShare]
    /// The part each share came from, for messages.
    var names: [String]

    /// Refuses parts that would not give the whole build's site: `setup` is the merge's own.
    func validate(setup: String) throws {
        guard let first = shares.first else { return }
        for (share, name) in zip(shares, names) where share.setup != setup {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: name),
                                      "cannot merge: this part was made with other templates, stepwise.yml, source locale or edition, or another version of stepwise than this checkout has (\(first.sourceLocale), \(first.sourceEdition))"))
        }
        var seen: [String: String] = [:]
        for (share, name) in zip(shares, names) {
            for source in share.documents.map(\.source) + share.unreadable.map(\.source) {
                if let other = seen.updateValue(name, forKey: source) {
                    throw InputFailure(.error("part-mismatch", at: SourceLocation(path: name), "cannot merge: \(source) is in this part and in \(other)"))
                }
            }
        }
        let plan = SiteOutline.key(documents.map(\.tutorial))
        if let (_, name) = zip(shares, names).first(where: { $0.0.plan != plan }) {
            throw InputFailure(.error("part-mismatch", at: SourceLocation(path: name),
                                      "cannot merge: the shards planned the site with different documents (were they run on the same content?)"))
        }
    }

    /// Every document of every part, in the whole build's order.
    var documents: [SiteShare.Document] { shares.flatMap(\.documents).sorted { $0.source < $1.source } }

    /// The site's configuration, for the source locale and edition the shards used.
    func configuration(_ project: ProjectConfiguration) -> SiteConfiguration {
        SitePipeline.configuration(project, sourceLocale: shares.first?.sourceLocale ?? project.defaultLocale,
                                   sourceEdition: shares.first?.sourceEdition ?? project.sourceEdition)
    }

    /// The input of the whole-site pages: every document's outline with its title, and the drift report
    /// of the merged findings.
    func input(report: CheckReport) -> SiteInput {
        let documents = documents
        var drift = DriftVerifications.driftReport(report, rows: documents.map(\.row))
        drift.unreadable = SitePipeline.unreadable(shares.flatMap(\.unreadable).sorted { $0.source < $1.source }.flatMap(\.diagnostics))
        var input = SiteInput(tutorials: documents.map(\.tutorial), verifications: [SampleKey: SampleVerification](), driftReport: drift)
        input.search = SiteSearch.merged(shares.compactMap(\.search))
        return input
    }
}

/// What `stepwise build --shard i/n` writes in `generated/site-parts/<i>-of-<n>/`, besides the pages
/// of its documents (at their place in the site): the shard's share of the site, its check report
/// (for the drift report) and its problems.
struct SitePart: Codable {
    static let schema = "stepwise.site-part/1"
    static let fileName = "site-part.json"

    var schema = SitePart.schema
    var shard: Shard
    var site: SiteShare
    /// The shard's build problems (documents, contract, interface strings), printed again by the merge.
    var diagnostics: [Diagnostic]
    /// The shard's check report, without alignments.
    var report: CheckReport

    /// The folder of shard `shard` below `generated/`.
    static func folder(_ shard: Shard) -> String { "site-parts/\(shard.index)-of-\(shard.count)" }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The part in `folder` (or the part file itself).
    static func read(_ path: String, display: String) throws -> (part: SitePart, folder: URL) {
        var url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            url = url.appendingPathComponent(fileName)
        }
        let part: SitePart
        do {
            part = try JSONDecoder().decode(SitePart.self, from: Data(contentsOf: url))
        } catch {
            throw InputFailure(.error("part-invalid", at: .init(path: display), "not a site part of `stepwise build --shard`: \(error.localizedDescription)"))
        }
        guard part.schema == schema else {
            throw InputFailure(.error("part-invalid", at: .init(path: display), "site part schema \(part.schema), expected \(schema)"))
        }
        return (part, url.deletingLastPathComponent())
    }
}

/// What `check --shard i/n` adds to its part when the whole content is checked and `generated/`
/// exists: the comparison of its documents' pages with the committed `generated/site`, the contract
/// when its tutorial is in the shard, and its share of the whole-site pages, which the merge renders
/// and compares. The merged report then has exactly the `generated-stale` findings of one check.
struct GeneratedPart: Codable {
    /// Nil when there is no committed site or no templates (nothing to compare, as in one check).
    var site: SiteShare?
    /// The pages the shard rendered, and those that differ from the committed ones (path → how).
    var rendered: [String] = []
    var differing: [String: String] = [:]
    /// The shard of the contract tutorial: the contract's stale files.
    var contract: [Finding] = []
}

extension SitePipeline {
    /// The site's configuration from the project's and the source locale and edition.
    static func configuration(_ project: ProjectConfiguration, sourceLocale: String, sourceEdition: String) -> SiteConfiguration {
        SiteConfiguration(defaultLocale: sourceLocale, sourceEdition: sourceEdition, siteURL: project.siteURL, docsBaseURL: project.docsBaseURL,
                          externalDocuments: project.externalDocuments, editURL: project.editURL, driftReportPageSize: project.driftReportPageSize,
                          listPageSize: project.listPageSize)
    }
}
