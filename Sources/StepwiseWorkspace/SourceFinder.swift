import DocFXDialect
import Foundation
import StepwiseDiagnostics

/// Finds the source document of translations and older editions the way a full check pairs them:
/// by tutorial path and `ms.assetid` (`SourcePairing`, sources added in path order). Sources that are
/// not loaded yet have only their header read.
struct SourceFinder {
    var locale: String
    var edition: String
    /// The asset id of a file not read, by its standard path, when a cache knows it (see
    /// `WorkspaceLoader.knownAssetID`).
    var knownAssetID: (@Sendable (String) -> String??)?
    /// Headers already read in this run (nil: each is read when needed).
    var headers: HeaderAssetIDs?
    /// The run's listing of its folders (see `WorkspaceLoader.tree`).
    var tree: FolderTree?

    /// The sources of `documents` that are not among `loaded`, sorted by path.
    func sources(of documents: [WorkspaceDocument], excluding loaded: Set<URL>) -> [URL] {
        let variants = documents.compactMap { document -> (layout: ContentLayout, tutorial: TutorialFacts)? in
            guard let layout = document.loaded?.layout, let tutorial = document.tutorial else { return nil }
            let facts = TutorialFacts(locale: tutorial.locale, edition: tutorial.edition, path: tutorial.tutorialPath, assetID: tutorial.metadata.assetID)
            return facts.locale == locale && facts.edition == edition ? nil : (layout, facts)
        }
        var needed = Set<URL>()
        for group in Dictionary(grouping: variants, by: { $0.layout.root }).values {
            let candidates = candidates(in: group[0].layout, loaded: documents)
            for variant in group {
                if let source = candidates.source(of: variant.tutorial), !loaded.contains(source) { needed.insert(source) }
            }
        }
        return needed.sorted(byKey: \.path)
    }

    /// A source file (its standard path) and its tutorial path.
    struct File: Sendable {
        var path: String
        var tutorialPath: String
    }

    /// The source documents below a layout's root, with the asset id of each.
    private func candidates(in layout: ContentLayout, loaded documents: [WorkspaceDocument]) -> SourceCandidates {
        // By path (the walk's are standard): a URL made and taken apart per file of a locale was most
        // of the cost of an edited check's pairing.
        let list = { () -> [File] in
            let folder = layout.root.appendingPathComponent(locale, isDirectory: true)
            return DocumentDiscovery(tree: tree).markdownPaths(under: folder).compactMap { path in
                guard let place = layout.placement(ofStandard: path), place.edition == edition else { return nil }
                return File(path: path, tutorialPath: place.tutorialPath)
            }
        }
        let files = headers?.files(below: layout.root, list: list) ?? list()
        let known = Dictionary(documents.compactMap { document in document.tutorial.map { (document.url.path, $0.metadata.assetID) } },
                               uniquingKeysWith: { first, _ in first })
        let (stored, headers) = (knownAssetID, self.headers)
        let assets = files.concurrentMap { file -> String? in
            let path = file.path
            if let asset = known[path] { return asset }
            if let asset = stored?(path) { return asset }
            guard let headers else { return Self.header(of: path) }
            return headers.assetID(of: path, header: Self.header(of:))
        }
        return SourceCandidates(files: Array(zip(files, assets)))
    }

    /// The `ms.assetid` of the file at `path`, read from its header only.
    private static func header(of path: String) -> String? {
        guard let file = try? SourceFile.read(URL(fileURLWithPath: path, isDirectory: false), displayPath: path, headerOnly: true) else { return nil }
        return MetadataReader.readLeniently(file).metadata.assetID
    }
}

/// What pairing needs to know of a document.
struct TutorialFacts {
    var locale: String
    var edition: String
    var path: String
    var assetID: String?
}

/// The source documents of a layout, paired with variants as the drift checks pair them.
struct SourceCandidates {
    private var pairing = SourcePairing<String>()

    init(files: [(SourceFinder.File, String?)]) {
        for (file, asset) in files { pairing.add(file.path, path: file.tutorialPath, assetID: asset) }
    }

    func source(of variant: TutorialFacts) -> URL? {
        pairing.source(path: variant.path, assetID: variant.assetID).map { URL(fileURLWithPath: $0, isDirectory: false) }
    }
}
