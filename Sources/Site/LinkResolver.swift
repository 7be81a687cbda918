import DocFXDialect
import Foundation
/// Turns links written in documents into site links: other tutorials in `content/` become page
/// links, everything else goes to the configured documentation base URL and counts as external.
///
/// A link resolves by path first, relative to the document's folder (`../other/page.md`, with a
/// `?query` dropped and a `#fragment` kept), or from the locale's root (`~/articles/…`); a link
/// that does not (one written in an include, relative to the include's folder) resolves by file
/// name when only one tutorial has that name.
struct LinkResolver {
    var plan: SitePlan
    /// The page the link appears on, relative to the site root.
    var pagePath: String
    var locale: String
    /// The tutorial path of the document the link appears in.
    var documentPath: String

    func resolve(_ destination: String, text: String) -> LinkView? {
        let trimmed = destination.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, HTMLSanitizer.isSafeURL(trimmed) else { return nil }
        if trimmed.hasPrefix("#") { return LinkView(href: trimmed, text: text, external: false) }
        if trimmed.contains("://") || trimmed.hasPrefix("mailto:") { return LinkView(href: trimmed, text: text, external: true) }
        let (path, fragment) = split(trimmed)
        let name = SitePlan.pageName(path)
        let tutorialPath = resolved(path).flatMap { plan.contains($0) ? $0 : nil } ?? plan.tutorialPath(named: name)
        if let target = plan.variants(of: tutorialPath ?? "").first(where: { $0.locale == locale }) {
            return LinkView(href: SitePlan.href(from: pagePath, to: plan.path(of: target)) + fragment, text: text, external: false)
        }
        let url = plan.configuration.docsURL(name: name, locale: locale) + fragment
        return LinkView(href: url, text: text, external: true)
    }

    /// The path and the `#fragment` of a destination; a `?query` is dropped.
    private func split(_ destination: String) -> (String, String) {
        let hash = destination.firstIndex(of: "#")
        let fragment = hash.map { String(destination[$0...]) } ?? ""
        let beforeHash = destination[..<(hash ?? destination.endIndex)]
        let path = beforeHash.firstIndex(of: "?").map { beforeHash[..<$0] } ?? beforeHash
        return (String(path), fragment)
    }

    /// The tutorial path a relative (or `~/`) link names, `..` and `.` resolved; nil when it climbs
    /// above the locale.
    private func resolved(_ path: String) -> String? {
        // The same reading of a written path as for includes (separators, percent-encoding, `~/`).
        let written = IncludePath(path)
        guard !written.path.isEmpty, !written.path.hasPrefix("/") else { return nil }
        var parts: [Substring] = written.fromDocsetRoot ? [] : documentPath.split(separator: "/").dropLast()
        for segment in written.path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(segment)
            }
        }
        let joined = parts.joined(separator: "/")
        return joined.hasSuffix(".md") ? joined : joined + ".md"
    }
}
