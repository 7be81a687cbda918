import DocFXDialect
import Foundation
import Localization

/// What a change scope needs to know of a document without modelling it.
struct DocumentFacts {
    var url: URL
    var locale: String
    var edition: String
    var tutorialPath: String
    var assetID: String?
    var includes: Set<String>
    /// The code files its code references name, as standardized paths.
    var codeFiles: Set<String>

    init(url: URL) {
        self.url = url
        let layout = ContentLayout.containing(url, defaultLocale: "")
        locale = layout.locale(of: url) ?? ""
        edition = layout.edition(of: url)
        tutorialPath = layout.tutorialPath(of: url)
        let lines = ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        includes = Set(lines.enumerated().compactMap { IncludeDirective.parse($1, number: $0 + 1)?.name })
        let docset = layout.relativeComponents(of: url)?.first.flatMap { ContentLayout.isLocale($0) ? layout.root.appendingPathComponent($0) : nil } ?? layout.root
        codeFiles = Set(lines.enumerated().flatMap { CodeReference.scan($1, number: $0 + 1) }.map { match in
            let written = IncludePath(match.reference.path)
            let base = written.fromDocsetRoot ? docset : url.deletingLastPathComponent()
            return URL(fileURLWithPath: written.path, relativeTo: base).standardizedFileURL.path
        })
        assetID = lines.lazy.compactMap { $0.firstMatch(of: assetIDRegex)?.output.1 }.first.map(String.init)
    }

    func isSource(_ selection: SourceSelection) -> Bool {
        locale == selection.locale && edition == selection.edition
    }

    /// True when `other` is this document's source or another variant of the same tutorial.
    func isVariant(of other: DocumentFacts) -> Bool {
        guard url != other.url else { return false }
        if let asset = assetID, let theirs = other.assetID { return asset == theirs }
        return tutorialPath == other.tutorialPath
    }
}

nonisolated(unsafe) private let assetIDRegex = /^\s*ms\.assetid:\s*"?([^"\s]+)/
