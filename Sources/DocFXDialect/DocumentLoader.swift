public import CommonMark
public import Foundation
public import StepwiseDiagnostics

/// Reads a Markdown file through the dialect front end: read → metadata → normalize → parse, then its includes.
public struct DocumentLoader: Sendable {
    public var parser: CommonMarkParser
    /// The folder display paths are made relative to.
    public var workingDirectory: URL
    public var defaultLocale: String
    /// Overrides the content root found from each file's path.
    public var contentRoot: URL?

    public init(
        parser: CommonMarkParser = CommonMarkParser(),
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
        defaultLocale: String = "en-us",
        contentRoot: URL? = nil
    ) {
        self.parser = parser
        self.workingDirectory = workingDirectory.standardizedFileURL
        self.defaultLocale = defaultLocale
        self.contentRoot = contentRoot
    }

    /// Loads the document at `url` and, recursively, every file it includes.
    public func load(_ url: URL) throws(StepwiseError) -> LoadedDocument {
        let file = url.standardizedFileURL
        let layout = contentRoot.map { ContentLayout(root: $0, defaultLocale: defaultLocale) }
            ?? ContentLayout.containing(file, defaultLocale: defaultLocale)
        return try load(file, layout: layout, chain: [])
    }

    private func load(_ url: URL, layout: ContentLayout, chain: [URL]) throws(StepwiseError) -> LoadedDocument {
        let file = try SourceFile.read(url, displayPath: displayPath(of: url))
        let metadata = try MetadataReader.read(file)
        let normalized = DialectNormalizer.normalize(file, metadata: metadata)
        let tree = try parser.parse(normalized.text)
        let resolver = IncludeResolver(layout: layout)
        var includes: [LoadedInclude] = []
        for directive in normalized.includes {
            let location = file.location(line: directive.line, column: directive.column)
            let resolution = try resolver.resolve(directive, from: file.url, at: location)
            if resolution.url == file.url || chain.contains(resolution.url) {
                throw StepwiseError(
                    "include-cycle", at: location,
                    "include cycle: \((chain + [file.url, resolution.url]).map(displayPath(of:)).joined(separator: " → "))",
                    fix: "remove the include that leads back to an including file")
            }
            let document = try load(resolution.url, layout: layout, chain: chain + [file.url])
            includes.append(LoadedInclude(
                directive: directive, resolvedPath: displayPath(of: resolution.url),
                fallback: resolution.fallback, document: document))
        }
        return LoadedDocument(normalized: normalized, tree: tree, includes: includes, layout: layout)
    }

    /// `url` relative to the working directory when inside it, else absolute.
    public func displayPath(of url: URL) -> String {
        let base = workingDirectory.pathComponents
        let components = url.standardizedFileURL.pathComponents
        if components.count > base.count, Array(components[..<base.count]) == base {
            return components[base.count...].joined(separator: "/")
        }
        return url.standardizedFileURL.path
    }
}
