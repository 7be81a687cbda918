public import Foundation
public import StepwiseDiagnostics

/// Finds the file an include directive names.
///
/// Order: the path relative to the including file; then by name in the same locale's includes
/// (the edition's own `includes/` first); then in the default locale's includes, marked as a fallback.
/// A relative path that leaves the content root is refused and never read.
public struct IncludeResolver: Sendable {
    public var layout: ContentLayout

    public init(layout: ContentLayout) {
        self.layout = layout
    }

    /// Where an include was found.
    public struct Resolution: Hashable, Sendable {
        public var url: URL
        /// True when the file comes from the default locale instead of the document's own.
        public var fallback: Bool
    }

    public func resolve(
        _ directive: IncludeDirective, from file: URL, at location: SourceLocation,
        fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    ) throws(StepwiseError) -> Resolution {
        let relative = URL(fileURLWithPath: directive.path, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        guard layout.contains(relative), layout.contains(relative.resolvingSymlinksInPath()) || !fileExists(relative) else {
            throw StepwiseError(
                "include-escapes-root", at: location,
                "include path '\(directive.path)' leaves the content root \(layout.root.path); refused",
                fix: "include files from inside the content tree")
        }
        if fileExists(relative) { return Resolution(url: relative, fallback: false) }
        let fileName = directive.name.hasSuffix(".md") ? directive.name : directive.name + ".md"
        let locale = layout.locale(of: file)
        for folder in localeIncludeFolders(for: file, locale: locale) {
            let candidate = folder.appendingPathComponent(fileName)
            if fileExists(candidate) { return Resolution(url: candidate, fallback: false) }
        }
        if locale != layout.defaultLocale {
            let candidate = layout.root.appendingPathComponent(layout.defaultLocale).appendingPathComponent("includes").appendingPathComponent(fileName)
            if fileExists(candidate) { return Resolution(url: candidate.standardizedFileURL, fallback: true) }
        }
        throw StepwiseError(
            "include-missing", at: location,
            "include '\(directive.name)' not found: no file at '\(directive.path)' nor in the \(locale ?? "document's") or \(layout.defaultLocale) includes",
            fix: "add \(fileName) to \(locale.map { "\($0)/includes/" } ?? "the includes folder")")
    }

    private func localeIncludeFolders(for file: URL, locale: String?) -> [URL] {
        guard let locale else { return [file.deletingLastPathComponent().appendingPathComponent("includes")] }
        let localeRoot = layout.root.appendingPathComponent(layout.relativeComponents(of: file)?.first ?? locale)
        var folders: [URL] = []
        let edition = layout.edition(of: file)
        if edition != "current" {
            folders.append(localeRoot.appendingPathComponent("editions").appendingPathComponent(edition).appendingPathComponent("includes"))
        }
        folders.append(localeRoot.appendingPathComponent("includes"))
        return folders.map(\.standardizedFileURL)
    }
}
