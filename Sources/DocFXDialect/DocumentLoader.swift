public import CommonMark
public import Foundation
public import StepwiseDiagnostics

/// Reads a Markdown file through the dialect front end: read → metadata → normalize → parse, then its includes.
///
/// Loading keeps going: a missing, cyclic, escaping or unreadable include is a diagnostic and a
/// placeholder (`LoadedDocument.missingIncludes`); only a document whose own file cannot be read
/// has no document.
public struct DocumentLoader: Sendable {
    public var parser: CommonMarkParser
    /// The folder display paths are made relative to.
    public var workingDirectory: URL {
        didSet { workingDirectoryPath = workingDirectory.path }
    }
    /// `workingDirectory.path`, read once: every display path compares with it.
    private var workingDirectoryPath: String
    public var defaultLocale: String
    /// Overrides the content root found from each file's path.
    public var contentRoot: URL?
    /// Parsed files shared between the documents of a run.
    public var cache: ParsedFileCache
    /// Folders outside the content root that code references may read from.
    public var codeRoots: [URL] = []
    /// Told of every Markdown file read, document or include, with the bytes read (a cache stamps
    /// them so, rather than read each file a second time).
    public var readObserver: (any FileReadObserver)?

    public init(
        parser: CommonMarkParser = CommonMarkParser(),
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        defaultLocale: String,
        contentRoot: URL? = nil,
        cache: ParsedFileCache = ParsedFileCache()
    ) {
        self.parser = parser
        self.workingDirectory = workingDirectory.standardizedFileURL
        self.workingDirectoryPath = self.workingDirectory.path
        self.defaultLocale = defaultLocale
        self.contentRoot = contentRoot
        self.cache = cache
    }

    /// Loads the document at `url` and every file it includes; the first error stops it.
    public func load(_ url: URL) throws(StepwiseError) -> LoadedDocument {
        let result = loadReportingProblems(url)
        if let error = result.firstError { throw StepwiseError(error) }
        guard let document = result.document else { throw StepwiseError("file-unreadable", at: SourceLocation(path: displayPath(of: url)), "cannot read file") }
        return document
    }

    /// Loads the document at `url` with whatever can be read, and every problem met.
    public func loadReportingProblems(_ url: URL) -> DocumentLoad {
        let file = StandardFileURL.of(url)
        var diagnostics: [Diagnostic] = []
        var budget = IncludeBudget()
        let document = assemble(file, layout: layout(for: file), chain: [], diagnostics: &diagnostics, budget: &budget)
        return DocumentLoad(document: document, diagnostics: diagnostics)
    }

    /// The content layout a document at `file` is read with.
    public func layout(for file: URL) -> ContentLayout {
        contentRoot.map { ContentLayout(root: $0, defaultLocale: defaultLocale) }
            ?? ContentLayout.containing(file, defaultLocale: defaultLocale)
    }

    /// How many includes one document may expand, nested ones counted: an include that includes another
    /// several times per level ("include bomb") would otherwise expand exponentially.
    public static let maximumIncludes = 1_000
    /// How much included text one document may expand, nested includes counted (16 MiB; the largest
    /// expansion among the corpus's 15,016 pages is far below 1 MiB).
    public static let maximumIncludedBytes = 16 << 20

    /// What is left of one document's include budget while it is assembled.
    struct IncludeBudget {
        var includes = DocumentLoader.maximumIncludes
        var bytes = DocumentLoader.maximumIncludedBytes
        /// Set once the first include past the budget has been reported.
        var exceeded = false
    }

    private func assemble(
        _ url: URL, layout: ContentLayout, chain: [URL], diagnostics: inout [Diagnostic], budget: inout IncludeBudget
    ) -> LoadedDocument? {
        // Includes are shared between documents and kept; a document itself is parsed once and not kept,
        // so memory grows with the includes, not with the documents.
        let result = chain.isEmpty ? parse(url, layout: layout) : cache.file(url, layout: layout, parse: { parse(url, layout: layout) })
        let parsed: ParsedFile
        switch result {
        case .failure(let error):
            diagnostics.append(error.diagnostic)
            return nil
        case .success(let file):
            parsed = file
        }
        diagnostics += parsed.problems + parsed.codeReferences.flatMap(\.problems)
        if !chain.isEmpty { budget.bytes -= parsed.normalized.textByteCount }
        var includes: [LoadedInclude] = [], missing: [MissingInclude] = []
        for outcome in parsed.includes {
            switch outcome {
            case .failed(let directive, let problem):
                diagnostics.append(problem)
                missing.append(MissingInclude(directive: directive, reason: problem.summary, rule: problem.id))
            case .found(let directive, let resolution):
                diagnostics += resolution.warnings
                budget.includes -= 1
                if let problem = cycle(directive, to: resolution.url, from: parsed.file, chain: chain) ?? limit(directive, in: parsed.file, budget: &budget) {
                    if problem.severity == .error { diagnostics.append(problem) }
                    missing.append(MissingInclude(directive: directive, reason: problem.summary, rule: problem.id))
                } else if let child = assemble(resolution.url, layout: layout, chain: chain + [url], diagnostics: &diagnostics, budget: &budget) {
                    includes.append(LoadedInclude(
                        directive: directive, resolvedPath: displayPath(of: resolution.url), fallback: resolution.fallback, document: child))
                } else {
                    missing.append(MissingInclude(directive: directive, reason: "the included file cannot be read"))
                }
            }
        }
        var document = LoadedDocument(normalized: parsed.normalized, tree: parsed.tree, includes: includes, layout: layout, missingIncludes: missing)
        document.codeReferences = parsed.codeReferences
        return document
    }

    /// An `include-limit` error for the first include past the budget (in count or in included text);
    /// later ones get a note that only their placeholder shows (one error per document, not one per include).
    private func limit(_ directive: IncludeDirective, in file: SourceFile, budget: inout IncludeBudget) -> Diagnostic? {
        guard budget.includes < 0 || budget.bytes < 0 else { return nil }
        let location = file.location(line: directive.line, column: directive.column)
        guard !budget.exceeded else {
            return Diagnostic(id: "include-limit", severity: .note, location: location, summary: "include not expanded: over the limit")
        }
        budget.exceeded = true
        let what = budget.includes < 0
            ? "more than \(Self.maximumIncludes) includes"
            : "more than \(Self.maximumIncludedBytes / 1_048_576) MiB of included text"
        return .error("include-limit", at: location, "\(what) expanded for one document; the rest are not shown",
                      fix: "include each part once, not repeatedly at every level")
    }

    /// An `include-cycle` error when `target` is the including file or one that includes it.
    private func cycle(_ directive: IncludeDirective, to target: URL, from file: SourceFile, chain: [URL]) -> Diagnostic? {
        guard target == file.url || chain.contains(target) else { return nil }
        let path = (chain + [file.url, target]).map(displayPath(of:)).joined(separator: " → ")
        return .error("include-cycle", at: file.location(line: directive.line, column: directive.column),
                      "include cycle: \(path)", fix: "remove the include that leads back to an including file")
    }

    /// Reads, checks, normalizes and parses one file and resolves its include directives.
    private func parse(_ url: URL, layout: ContentLayout) -> Result<ParsedFile, StepwiseError> {
        Result { () throws(StepwiseError) -> ParsedFile in
            let file = try SourceFile.read(url, displayPath: displayPath(of: url), observer: readObserver)
            let (metadata, problem) = MetadataReader.readLeniently(file)
            let normalized = DialectNormalizer.normalize(file, metadata: metadata)
            let tree: MarkdownNode
            do throws(StepwiseError) {
                tree = try normalized.withTextBytes { bytes throws(StepwiseError) in
                    try parser.parse(utf8: bytes) { String(decoding: bytes, as: UTF8.self) }
                }
            } catch {
                var diagnostic = error.diagnostic
                diagnostic.location = diagnostic.location ?? file.location(line: 1)
                throw StepwiseError(diagnostic)
            }
            let resolver = IncludeResolver(layout: layout, contained: cache.contained)
            let includes = normalized.includes.map { directive -> IncludeOutcome in
                let location = file.location(line: directive.line, column: directive.column)
                do throws(StepwiseError) {
                    return .found(directive, try resolver.resolve(directive, from: file.url, at: location))
                } catch {
                    return .failed(directive, error.diagnostic)
                }
            }
            let code = CodeReferenceResolver(layout: layout, codeRoots: codeRoots, cache: cache.codeFiles, contained: cache.contained)
            let references = normalized.codeReferences.map { reference in
                code.resolve(reference, from: file.url, at: file.location(line: reference.line, column: reference.column), displayPath: displayPath(of:))
            }
            return ParsedFile(
                normalized: normalized, tree: tree, includes: includes, codeReferences: references, problems: problem.map { [$0] } ?? [])
        }
    }

    /// `url` relative to the working directory when inside it, else absolute.
    public func displayPath(of url: URL) -> String {
        let path = url.path
        return StandardPath.isStandard(path) ? displayPath(ofStandard: path, url: url) : displayPathByURL(url)
    }

    /// `displayPath(of: url)` for a `url` whose path is the standard `path` (an image's, worked out
    /// from its text): read from the text when the working directory's path is standard and its bytes
    /// begin the path, or when neither path goes past ASCII (whose components are equal only when
    /// their bytes are: the path is then not inside, and shown whole). A document outside the working
    /// directory (content named by an absolute path) was shown through its URL, decoded twice.
    public func displayPath(ofStandard path: String, url: URL) -> String {
        guard StandardPath.isStandard(workingDirectoryPath) else { return displayPathByURL(url) }
        if let relative = StandardPath.relativePath(ofStandard: path, belowStandard: workingDirectoryPath) { return relative }
        return path.isAllASCII && workingDirectoryPath.isAllASCII ? path : displayPathByURL(url)
    }

    /// `displayPath(of:)` through the URL's components: what the text is read as.
    func displayPathByURL(_ url: URL) -> String {
        StandardPath.relativePath(of: url, below: workingDirectory, basePath: workingDirectoryPath) ?? StandardPath.standardized(url)
    }
}
