public import Foundation
public import StepwiseDiagnostics

/// Finds the file an include directive names.
///
/// Paths are read as DocFX does (`IncludePath`: `~/` is the docset root, backslashes separate,
/// percent-encoding is decoded). Order: the path relative to the including file (or to the docset
/// root); the same path matched ignoring letter case, with a warning; then the path's file name in
/// the same locale's includes (the edition's own `includes/` first); then in the default locale's
/// includes, marked as a fallback. A path that leaves the content root, also through a symbolic
/// link, is refused and never read.
public struct IncludeResolver: Sendable {
    public var layout: ContentLayout
    /// The run's contained files (the content root's is used).
    public var contained: ContainedRoots

    public init(layout: ContentLayout, contained: ContainedRoots = ContainedRoots()) {
        self.layout = layout
        self.contained = contained
    }

    /// Where an include was found.
    public struct Resolution: Hashable, Sendable {
        public var url: URL
        /// True when the file comes from the default locale instead of the document's own.
        public var fallback: Bool
        /// What was odd about the path (it matched only when letter case was ignored).
        public var warnings: [Diagnostic] = []
    }

    public func resolve(
        _ directive: IncludeDirective, from file: URL, at location: SourceLocation,
        fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) },
        directoryEntries: (URL) -> [String]? = { try? FileManager.default.contentsOfDirectory(atPath: $0.path) }
    ) throws(StepwiseError) -> Resolution {
        let written = IncludePath(directive.path)
        let base = written.fromDocsetRoot ? docsetRoot(of: file) : file.deletingLastPathComponent()
        let relative = URL(fileURLWithPath: written.path, relativeTo: base).standardizedFileURL
        try refuseOutside(relative, written: directive.path, at: location, fileExists: fileExists)
        if !written.path.isEmpty, fileExists(relative) { return Resolution(url: relative, fallback: false) }
        if !written.path.isEmpty, let match = caseInsensitiveMatch(relative, entries: directoryEntries) {
            try refuseOutside(match, written: directive.path, at: location, fileExists: fileExists)
            let shown = layout.relativeComponents(of: match)?.joined(separator: "/") ?? match.path
            let corrected = Self.relativePath(to: match, from: base, docsetRoot: written.fromDocsetRoot)
            return Resolution(url: match, fallback: false, warnings: [.warning(
                "include-case-mismatch", at: location,
                "include path '\(directive.path)' matches '\(shown)' only when letter case is ignored",
                fix: "write the path as '\(corrected)'")])
        }
        return try resolveByName(directive, written: written, from: file, at: location, fileExists: fileExists)
    }

    /// The include's file looked up by name in the locale's include folders, then the default locale's.
    private func resolveByName(
        _ directive: IncludeDirective, written: IncludePath, from file: URL, at location: SourceLocation, fileExists: (URL) -> Bool
    ) throws(StepwiseError) -> Resolution {
        let locale = layout.locale(of: file)
        if let fileName = Self.lookupName(written: written, title: directive.name) {
            for folder in localeIncludeFolders(for: file, locale: locale) {
                let candidate = folder.appendingPathComponent(fileName).standardizedFileURL
                if layout.contains(candidate), fileExists(candidate) {
                    try refuseOutside(candidate, written: directive.path, at: location, fileExists: fileExists)
                    return Resolution(url: candidate, fallback: false)
                }
            }
            if locale != layout.defaultLocale {
                let candidate = layout.root.appendingPathComponent(layout.defaultLocale).appendingPathComponent("includes")
                    .appendingPathComponent(fileName).standardizedFileURL
                if layout.contains(candidate), fileExists(candidate) {
                    try refuseOutside(candidate, written: directive.path, at: location, fileExists: fileExists)
                    return Resolution(url: candidate, fallback: true)
                }
            }
        }
        let fileName = Self.lookupName(written: written, title: directive.name) ?? directive.name
        let folders = [locale ?? "document's", layout.defaultLocale].reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        throw StepwiseError(
            "include-missing", at: location,
            "include '\(directive.name)' not found: no file at '\(directive.path)' nor in the \(folders.joined(separator: " or ")) includes",
            fix: "add \(fileName) to \(locale.map { "\($0)/includes/" } ?? "the includes folder")")
    }

    /// The file name to look an include up by: the path's last component; the bracket title only when
    /// the path is empty and the title is a bare file name (a title never builds a path).
    static func lookupName(written: IncludePath, title: String) -> String? {
        let name = written.fileName
        guard name.isEmpty else {
            guard name != "." && name != ".." else { return nil }
            return (name as NSString).pathExtension.isEmpty ? name + ".md" : name
        }
        let bare = !title.isEmpty && !title.contains("/") && !title.contains("\\") && !title.contains("..") && !title.hasPrefix("~")
        guard bare, title != "." else { return nil }
        return title.hasSuffix(".md") ? title : title + ".md"
    }

    /// The path from `base` to `target` as an include would write it (`~/…` from the docset root).
    static func relativePath(to target: URL, from base: URL, docsetRoot: Bool) -> String {
        let from = base.standardizedFileURL.pathComponents, to = target.standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix(while: { $0 == $1 }).count
        let path = (Array(repeating: "..", count: from.count - shared) + to[shared...]).joined(separator: "/")
        return docsetRoot ? "~/" + path : path
    }

    /// Refuses a path outside the content root, also through a symbolic link; such a file is never read.
    /// The canonical check is `ContainedFiles`, the resolver every read goes through.
    private func refuseOutside(_ url: URL, written: String, at location: SourceLocation, fileExists: (URL) -> Bool) throws(StepwiseError) {
        var outside = !layout.contains(url)
        if !outside && fileExists(url) {
            do {
                _ = try contained.files(in: layout.root).resolve(url)
            } catch {
                if case .outsideRoot = error { outside = true }
            }
        }
        guard !outside else {
            throw StepwiseError(
                "include-escapes-root", at: location,
                "include path '\(written)' leaves the content root \(layout.root.path); refused",
                fix: "include files from inside the content tree")
        }
    }

    /// The docset root of `file` (`~/`): its locale folder, or the content root without one.
    private func docsetRoot(of file: URL) -> URL {
        guard let first = layout.relativeComponents(of: file)?.first, ContentLayout.isLocale(first) else { return layout.root }
        return layout.root.appendingPathComponent(first, isDirectory: true)
    }

    /// The existing file `url` names when letter case is ignored, walking down from the content root.
    private func caseInsensitiveMatch(_ url: URL, entries: (URL) -> [String]?) -> URL? {
        guard let components = layout.relativeComponents(of: url) else { return nil }
        var current = layout.root
        for component in components {
            guard let names = entries(current) else { return nil }
            let lowered = component.lowercased()
            guard let name = names.contains(component) ? component : names.sorted().first(where: { $0.lowercased() == lowered }) else { return nil }
            current = current.appendingPathComponent(name)
        }
        return current.standardizedFileURL
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
