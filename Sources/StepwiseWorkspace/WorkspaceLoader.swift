public import DocFXDialect
public import Foundation
public import StepwiseDiagnostics
public import TutorialModel

/// Loads a `Workspace`: discovers the documents, reads each file once (includes are parsed once and
/// shared), models each document once, in parallel, and keeps going past bad documents.
public struct WorkspaceLoader: Sendable {
    /// The project root: relative paths are resolved against it and files are named relative to it.
    public var root: URL
    public var configuration: ProjectConfiguration
    /// The folder holding one folder per locale; nil: `<root>/content` when the paths are inside
    /// it, else found from each file's path.
    public var contentRoot: URL?
    /// The locale and edition of source documents (default: the configuration's).
    public var sourceLocale: String
    public var sourceEdition: String
    /// Whether each document keeps its text as read (`WorkspaceDocument.loaded`) once modelled: the
    /// checks need it; a command that only shows the models (`extract`) does not, and saves a third
    /// of its memory.
    public var keepsLoadedDocuments = true
    /// The `ms.assetid` of a source-locale file that is not read, by its standard path, when known
    /// without reading it (a cache's record of an unchanged file; `.some(nil)`: it has none); nil:
    /// unknown, its header is read.
    public var knownAssetID: (@Sendable (String) -> String??)?
    /// The run's listing of its folders, taken when it started (`RunRecord.Listing`): the documents
    /// and the sources are found in it, not by walking the disk again.
    public var tree: FolderTree?
    /// Told of every Markdown file the documents are read from (see `DocumentLoader.readObserver`).
    public var readObserver: (any FileReadObserver)?

    public init(root: URL, configuration: ProjectConfiguration, contentRoot: URL? = nil, sourceLocale: String? = nil, sourceEdition: String? = nil) {
        self.root = root.standardizedFileURL
        self.configuration = configuration
        self.contentRoot = contentRoot?.standardizedFileURL
        self.sourceLocale = sourceLocale?.lowercased() ?? configuration.defaultLocale
        self.sourceEdition = sourceEdition ?? configuration.sourceEdition
    }

    /// `path` as a file URL, relative paths taken from the root.
    public func url(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)).standardizedFileURL
    }

    /// The documents under `paths`, each reported. With `withSources`, the source document of each
    /// translation and older edition is read too (not reported), so that a partial check compares
    /// exactly as a full one does. `selecting` narrows the documents found (a change scope).
    public func load(_ paths: [String], withSources: Bool = false, selecting: (@Sendable ([URL]) -> [URL])? = nil) -> Workspace {
        let content = effectiveContentRoot(for: paths.map(url))
        let loader = documentLoader(contentRoot: content)
        let (found, problems) = DocumentDiscovery(tree: tree).documents(at: paths.map(url), display: loader.displayPath(of:))
        let reported = selecting.map { $0(found) } ?? found
        return workspace(reported, withSources: withSources, loader: loader, contentRoot: content, problems: problems)
    }

    /// The documents under `paths` split by `batches` (given every document found), each batch read
    /// with its sources (as `load(_:withSources:selecting:)` reads them) and handed to `body` as a
    /// workspace of its own, which `body` drops: memory grows with two batches, not with the content (the
    /// models are not compacted: a batch's models are not kept for the run).
    /// The next batch is read while `body` takes the last one (`Pipeline`), so that the serial parts
    /// of each stage run beside the parallel parts of the other. Includes are parsed once for all
    /// batches; the run's own problems (a path that does not exist) come with the first batch, and
    /// there is always one, perhaps empty. Returns what `body` made of each batch, in order.
    public func load<Result: Sendable>(
        _ paths: [String], batches: ([URL]) -> [[URL]], _ body: @escaping @Sendable (Workspace) throws -> Result
    ) throws -> [Result] {
        let content = effectiveContentRoot(for: paths.map(url))
        let loader = documentLoader(contentRoot: content)
        let (found, problems) = DocumentDiscovery(tree: tree).documents(at: paths.map(url), display: loader.displayPath(of:))
        let split = batches(found), headers = HeaderAssetIDs()
        let all = split.isEmpty ? [[]] : split
        return try Pipeline.run(count: all.count, produce: { index in
            workspace(all[index], withSources: true, loader: loader, contentRoot: content, problems: index == 0 ? problems : [], headers: headers,
                      kept: false)
        }, consume: body)
    }

    /// The workspace of the documents `reported` and, `withSources`, the sources they are compared with.
    private func workspace(
        _ reported: [URL], withSources: Bool, loader: DocumentLoader, contentRoot: URL?, problems: [Diagnostic], headers: HeaderAssetIDs? = nil,
        kept: Bool = true
    ) -> Workspace {
        var documents = model(reported, loader: loader, reported: true, kept: kept)
        if withSources {
            let finder = SourceFinder(locale: sourceLocale, edition: sourceEdition, knownAssetID: knownAssetID, headers: headers, tree: tree)
            let loadedURLs = Set(documents.map(\.url))
            documents += model(finder.sources(of: documents, excluding: loadedURLs), loader: loader, reported: false, kept: kept)
            documents = documents.sorted(byKey: \.url.path)
        }
        return Workspace(
            root: root, contentRoot: contentRoot, configuration: configuration, sourceLocale: sourceLocale,
            sourceEdition: sourceEdition, documents: documents, problems: problems, parsedFiles: loader.cache.count)
    }

    /// The documents under `paths`, each reported, read and modelled `batch` at a time on all cores
    /// and handed to `body` batch by batch in the order `load` gives them; none is kept, so memory
    /// grows with a batch, not with the content (`extract`). The next batch is modelled while `body`
    /// takes the last one on another thread (`Pipeline`): two batches are alive at most. Returns the
    /// problems of the run that belong to no document (a path that does not exist).
    public func stream(
        _ paths: [String], batch: Int = 128, _ body: @escaping @Sendable ([WorkspaceDocument]) throws -> Void
    ) throws -> [Diagnostic] {
        let loader = documentLoader(contentRoot: effectiveContentRoot(for: paths.map(url)))
        let (found, problems) = DocumentDiscovery(tree: tree).documents(at: paths.map(url), display: loader.displayPath(of:))
        let starts = Array(stride(from: 0, to: found.count, by: batch))
        _ = try Pipeline.run(count: starts.count, produce: { index in
            model(Array(found[starts[index]..<min(starts[index] + batch, found.count)]), loader: loader, reported: true, kept: false)
        }, consume: body)
        return problems
    }

    /// The explicit content root, else `<root>/content` when every path is inside it.
    public func effectiveContentRoot(for paths: [URL]) -> URL? {
        if let contentRoot { return contentRoot }
        let content = root.appendingPathComponent("content", isDirectory: true).standardizedFileURL
        // The folder itself compared by path: a URL made from a path names a folder with a trailing
        // slash only when the path is one, and `content` as a link to a folder is not.
        let inside = !paths.isEmpty && paths.allSatisfy { ContentLayout(root: content, defaultLocale: sourceLocale).contains($0) || $0.path == content.path }
        return inside && FileManager.default.fileExists(atPath: content.path) ? content : nil
    }

    func documentLoader(contentRoot: URL?) -> DocumentLoader {
        var loader = DocumentLoader(workingDirectory: root, defaultLocale: sourceLocale, contentRoot: contentRoot)
        loader.codeRoots = configuration.codeRoots.map { url($0) }
        loader.readObserver = readObserver
        return loader
    }

    /// Reads and models `urls` on all cores; the result keeps their order. A model `kept` for the
    /// run is stored compactly (`Tutorial.compacted()`); one dropped after its batch is not.
    private func model(_ urls: [URL], loader: DocumentLoader, reported: Bool, kept: Bool = true) -> [WorkspaceDocument] {
        let modeller = DocumentModeller(loader: loader)
        let keeps = keepsLoadedDocuments
        return urls.concurrentMap { url in
            modeller.document(url, reported: reported, keepsLoaded: keeps, compacted: kept)
        }
    }

    /// Models documents of the content under `paths` one at a time, exactly as `load` models them:
    /// what a build that drops each model once its document is checked reads again to render the
    /// document's page (see `DocumentModeller`).
    public func modeller(for paths: [String]) -> DocumentModeller {
        DocumentModeller(loader: documentLoader(contentRoot: effectiveContentRoot(for: paths.map(url))))
    }
}

/// Reads and models one document at a time, on any thread, the way the workspace loader models
/// every document (one code path): the same file gives the same model. The files its documents
/// include are parsed once for all of them.
public struct DocumentModeller: Sendable {
    let loader: DocumentLoader
    let extractor: TutorialExtractor

    init(loader: DocumentLoader) {
        self.loader = loader
        extractor = TutorialExtractor(loader: loader)
    }

    /// The model of the document at `url`; nil when it cannot be read.
    public func model(_ url: URL) -> Tutorial? {
        document(url, reported: true, keepsLoaded: false, compacted: false).tutorial
    }

    /// The document at `url` read and modelled, with its problems; `keepsLoaded`: with the text it was
    /// read from; `compacted`: its model stored compactly (`Tutorial.compacted()`), for a model kept for a run.
    func document(_ url: URL, reported: Bool, keepsLoaded: Bool, compacted: Bool) -> WorkspaceDocument {
        let load = loader.loadReportingProblems(url)
        var media: [Diagnostic] = []
        var tutorial = load.document.map { extractor.extract($0, problems: &media) }
        tutorial?.diagnostics.insert(contentsOf: load.diagnostics.map(DiagnosticInfo.init), at: 0)
        if compacted { tutorial = tutorial?.compacted() }
        return WorkspaceDocument(
            id: DocumentID(loader.displayPath(of: url)), url: url, loaded: keepsLoaded ? load.document?.releasingTrees() : nil, tutorial: tutorial,
            diagnostics: load.diagnostics + media, isReported: reported)
    }
}
