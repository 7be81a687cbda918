public import Foundation
public import StepwiseDiagnostics

/// Finds and cuts the code a reference names, with the path rules of includes (`IncludePath`:
/// relative to the document, `~/` from the docset root, backslashes as separators, percent-encoding
/// decoded, the query and fragment not part of the file). A file that is not in a translation's
/// locale folder is taken from the same place in the default locale's (code is rarely translated).
/// A file outside the content root and the configured code roots, also through a symbolic link, is
/// refused and never read.
public struct CodeReferenceResolver: Sendable {
    public var layout: ContentLayout
    /// Folders outside the content root that code may also come from (`codeRoots` in `stepwise.yml`).
    public var codeRoots: [URL]
    public var cache: CodeFileCache
    /// The run's contained files, one for each root.
    public var contained: ContainedRoots

    public init(layout: ContentLayout, codeRoots: [URL] = [], cache: CodeFileCache = CodeFileCache(), contained: ContainedRoots = ContainedRoots()) {
        self.layout = layout
        self.codeRoots = codeRoots.map(StandardFileURL.of)
        self.cache = cache
        self.contained = contained
    }

    /// The code `reference`, written in `file` at `location`; `displayPath` names files in messages.
    public func resolve(
        _ reference: CodeReference, from file: URL, at location: SourceLocation, displayPath: (URL) -> String
    ) -> ResolvedCodeReference {
        let written = IncludePath(reference.path)
        let base = written.fromDocsetRoot ? docsetRoot(of: file) : file.deletingLastPathComponent()
        let writtenURL = URL(fileURLWithPath: written.path, relativeTo: base).standardizedFileURL
        let url = fallback(for: writtenURL)
        let described = reference.name.isEmpty ? "" : " '\(reference.name)'"
        guard !written.path.isEmpty, let root = root(containing: url) else {
            return ResolvedCodeReference(reference: reference, problems: [.error(
                "code-ref-missing", at: location,
                "code reference\(described) path '\(reference.path)' leaves the content root \(layout.root.path); refused",
                fix: "reference code inside the content tree or a configured code root")])
        }
        let shown = displayPath(url)
        switch cache.lines(url, in: contained.files(in: root)) {
        case .failure(let failure):
            var missing = ResolvedCodeReference(reference: reference, path: shown, url: url, problems: [.error(
                "code-ref-missing", at: location, "code reference\(described) not found: '\(shown)': \(failure.reason)",
                fix: "add the file or correct the path")])
            missing.alsoSearched = defaultLocaleCandidate(for: writtenURL).map { [$0] } ?? []
            return missing
        case .success(let lines):
            let (snippet, problems) = CodeSnippetExtractor(query: reference.query, language: reference.language).extract(lines)
            let regionMissing = problems.contains { if case .regionMissing = $0 { true } else { false } }
            return ResolvedCodeReference(
                reference: reference, path: shown, url: url, snippet: regionMissing ? nil : snippet,
                problems: problems.map { Self.diagnostic($0, file: shown, at: location) })
        }
    }

    private static func diagnostic(_ problem: CodeSnippetExtractor.Problem, file: String, at location: SourceLocation) -> Diagnostic {
        switch problem {
        case .regionMissing(let name):
            .error("code-ref-region", at: location, "region or snippet '\(name)' not found in '\(file)'",
                   fix: "mark it with '#region \(name)' or '<\(name)>' … '</\(name)>' comments, or correct the name")
        case .rangePastEnd(let ranges, let count):
            .error("code-ref-range", at: location,
                   "line range \(ranges.map(\.description).joined(separator: ",")) reaches past the end of '\(file)' (\(count) line\(count == 1 ? "" : "s"))",
                   fix: "correct the range")
        }
    }

    /// `url`, or the same path in the default locale's folder when only that exists.
    private func fallback(for url: URL) -> URL {
        guard !FileManager.default.fileExists(atPath: url.path), let candidate = defaultLocaleCandidate(for: url) else { return url }
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : url
    }

    /// The same path in the default locale's folder, for a file in another locale's.
    private func defaultLocaleCandidate(for url: URL) -> URL? {
        guard var parts = layout.relativeComponents(of: url), let first = parts.first, ContentLayout.isLocale(first),
              first.lowercased() != layout.defaultLocale else { return nil }
        parts[0] = layout.defaultLocale
        return parts.reduce(layout.root) { $0.appendingPathComponent($1) }.standardizedFileURL
    }

    /// The root `url` lies in (lexically and once symbolic links are followed), or nil.
    private func root(containing url: URL) -> URL? {
        for root in [layout.root] + codeRoots where ContentLayout(root: root, defaultLocale: layout.defaultLocale).contains(url) {
            if FileManager.default.fileExists(atPath: url.path) {
                do {
                    _ = try contained.files(in: root).resolve(url)
                } catch {
                    if case .outsideRoot = error { continue }
                }
            }
            return root
        }
        return nil
    }

    /// The docset root of `file` (`~/`): its locale folder, or the content root without one.
    private func docsetRoot(of file: URL) -> URL {
        guard let first = layout.relativeComponents(of: file)?.first, ContentLayout.isLocale(first) else { return layout.root }
        return layout.root.appendingPathComponent(first, isDirectory: true)
    }
}
