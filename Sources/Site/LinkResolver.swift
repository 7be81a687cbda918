import DocFXDialect
import Foundation
import StepwiseDiagnostics
public import TutorialModel

/// Turns links written in documents into site links: other tutorials in `content/` become page
/// links, documents the configuration names as external go to its documentation base URL, and a
/// link to a document that is neither is broken (shown as text, never sent to another site).
///
/// A link resolves by path first, relative to the document's folder (`../other/page.md`, with a
/// `?query` dropped and a `#fragment` kept), or from the locale's root (`~/articles/…`); a link
/// written in an include resolves relative to the include's folder too; a link that resolves by
/// neither resolves by file name when only one tutorial has that name. A `#fragment` is written as
/// the page's element id for it (`#Create_App` → `#create-app`, see `PageAnchors`).
struct LinkResolver {
    var plan: SitePlan
    /// The page the link appears on, relative to the site root.
    var pagePath: String
    var locale: String
    /// The tutorial path of the document the link appears in.
    let documentPath: String
    /// The folders of `documentPath`, split once: every link of the page resolves from them.
    let documentFolders: [Substring]
    /// The folders, below the locale, of the include file the link is written in; nil for the document's own.
    var includeFolders: [Substring]?

    init(plan: SitePlan, pagePath: String, locale: String, documentPath: String) {
        self.plan = plan
        self.pagePath = pagePath
        self.locale = locale
        self.documentPath = documentPath
        documentFolders = Array(documentPath.slashSeparatedParts().dropLast())
    }

    /// Where a link written in the file of `origin` points.
    func writtenIn(_ origin: Origin) -> LinkResolver {
        var resolver = self
        resolver.includeFolders = origin.include == nil ? nil : Self.folders(of: origin.path, below: [locale, plan.configuration.defaultLocale])
        return resolver
    }

    func resolve(_ destination: String, text: String) -> LinkView? {
        switch target(destination) {
        case .unsafe: return nil
        case .samePage(let fragment): return LinkView(href: fragment.map(Self.fragmentHref) ?? "#", text: text, external: false)
        case .external(let url): return LinkView(href: url, text: text, external: true)
        case .page(let tutorial, let fragment):
            return LinkView(href: SitePlan.href(from: pagePath, to: plan.path(of: tutorial)) + (fragment.map(Self.fragmentHref) ?? ""), text: text, external: false)
        case .externalDocument(let name, let fragment):
            return LinkView(href: plan.configuration.docsURL(name: name, locale: locale) + (fragment.map { "#" + $0 } ?? ""), text: text, external: true)
        case .missing(let path):
            return LinkView(href: "", text: text, external: false, broken: path)
        case .other(let written):
            return LinkView(href: written, text: text, external: false)
        }
    }

    /// What a destination names, as the site resolves it.
    enum Target: Equatable, Sendable {
        case unsafe
        case samePage(fragment: String?)
        case external(String)
        case page(Tutorial, fragment: String?)
        /// A document the configuration names as external (`externalDocuments`).
        case externalDocument(name: String, fragment: String?)
        /// A document that is neither in the site nor named as external: the tutorial path it names.
        case missing(String)
        /// Not a document: a file of another kind or a path from the web site's root, kept as written.
        case other(String)
    }

    func target(_ destination: String) -> Target {
        let trimmed = Self.trimmed(destination)
        guard !trimmed.isEmpty, HTMLSanitizer.isSafeURL(trimmed) else { return .unsafe }
        if trimmed.hasPrefix("#") { return .samePage(fragment: Self.fragment(of: trimmed)) }
        if Self.isExternal(trimmed) { return .external(trimmed) }
        let (path, fragment) = (Self.path(of: trimmed), Self.fragment(of: trimmed))
        if path.isEmpty { return .samePage(fragment: fragment) }
        // A path from the web site's root (`/azure/…`) is on the site `docsBaseURL` names; a file that is
        // not a document (`.zip`, `.png`) is kept as written. Neither is checked here.
        if path.hasPrefix("/") { return .external(plan.configuration.docsOrigin + trimmed) }
        if !Self.isDocumentPath(path) { return .other(trimmed) }
        // A link in an include is relative to the include's folder, as DocFX reads it; then to the document's.
        let candidates = [includeFolders.flatMap { resolved(path, from: $0) }, resolved(path, from: documentFolders)]
        let tutorialPath = candidates.compactMap { $0 }.first(where: plan.contains) ?? plan.tutorialPath(named: SitePlan.pageName(path))
        if let tutorialPath, let target = plan.currentVariant(of: tutorialPath, locale: locale) {
            return .page(target, fragment: fragment)
        }
        let written = candidates.compactMap { $0 }.first ?? path
        if plan.configuration.isExternalDocument(written) { return .externalDocument(name: SitePlan.pageName(path), fragment: fragment) }
        return .missing(written)
    }

    /// `text` without leading and trailing spaces and tabs (no Foundation bridging: this runs for every link).
    static func trimmed(_ text: String) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard text.first.map(isBlank) == true || text.last.map(isBlank) == true else { return text }
        return String(text.drop(while: isBlank).reversed().drop(while: isBlank).reversed())
    }

    // The helpers below read a destination by its UTF-8 bytes: the characters they look for are
    // ASCII, and this runs for every link of every page, where reading characters (grapheme by
    // grapheme) was most of the time. A `#`, `?`, `:` or `/` is a delimiter whatever follows it, as
    // for URL parsers (a combining mark after it does not make it part of another character).

    /// A scheme (`https:`, `mailto:`, `ms-settings:`) or a protocol-relative `//host` link: an ASCII
    /// letter, then ASCII letters, digits, `+`, `-` or `.`, then `:`.
    static func isExternal(_ destination: String) -> Bool {
        let bytes = destination.utf8
        if bytes.starts(with: "//".utf8) { return true }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex, bytes[bytes.startIndex].isASCIILetter else { return false }
        return bytes[..<colon].allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    /// Whether a relative path names a document: `.md`, no extension, or a folder (its `index.md`).
    /// Its name is its last non-empty part between separators (`/` or a backslash).
    static func isDocumentPath(_ path: String) -> Bool {
        let bytes = path.utf8
        let isSeparator = { (byte: UInt8) in byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
        guard let last = bytes.lastIndex(where: { !isSeparator($0) }) else { return true }
        let end = bytes.index(after: last)
        let start = bytes[..<end].lastIndex(where: isSeparator).map { bytes.index(after: $0) } ?? bytes.startIndex
        let name = bytes[start..<end]
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), !name.elementsEqual("..".utf8), !name.elementsEqual(".".utf8) else { return true }
        let ext = name[name.index(after: dot)...]
        return ext.count == 2 && ext.first! | 0x20 == UInt8(ascii: "m") && ext.last! | 0x20 == UInt8(ascii: "d")
    }

    /// The `#fragment` of a destination, percent-decoded, without the `#`; nil when there is none.
    static func fragment(of destination: String) -> String? {
        guard let hash = destination.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let raw = destination[destination.utf8.index(after: hash)...]
        guard !raw.isEmpty else { return nil }
        // Without a `%`, there is nothing to decode (most fragments): the text as it is.
        guard raw.utf8.contains(UInt8(ascii: "%")) else { return String(raw) }
        return raw.removingPercentEncoding ?? String(raw)
    }

    /// The path of a destination: before any `?query` or `#fragment`.
    static func path(of destination: String) -> String {
        let end = destination.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? destination.endIndex
        return String(destination[..<end])
    }

    /// `#` and the page's element id that a written fragment names.
    static func fragmentHref(_ fragment: String) -> String {
        "#" + PageAnchors.id(for: fragment)
    }

    /// The folders of `path` below the last folder named one of `locales` (nil when there is none).
    static func folders(of path: String, below locales: [String]) -> [Substring]? {
        let parts = path.slashSeparatedParts()
        guard let index = parts.dropLast().lastIndex(where: { locales.contains(String($0)) }) else { return nil }
        return Array(parts[(index + 1)..<(parts.count - 1)])
    }

    /// The tutorial path a relative (or `~/`) link names from `folders`, `..` and `.` resolved; nil
    /// when it climbs above the locale.
    private func resolved(_ path: String, from folders: some Sequence<Substring>) -> String? {
        // The same reading of a written path as for includes (separators, percent-encoding, `~/`).
        let written = IncludePath(path)
        guard !written.path.isEmpty, !written.path.hasPrefix("/") else { return nil }
        var parts: [Substring] = written.fromDocsetRoot ? [] : Array(folders)
        // Split at each `/` byte, a delimiter whatever follows it (see above).
        for segment in written.path.utf8.split(separator: UInt8(ascii: "/")).map(Substring.init) {
            switch segment {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(segment)
            }
        }
        if written.path.hasSuffix("/") || written.path.hasSuffix("..") || written.path.hasSuffix("/.") { parts.append("index.md") }
        let joined = parts.joined(separator: "/")
        return Self.hasMarkdownExtension(joined) ? joined : joined + ".md"
    }

    /// Whether `path` ends with `.md` in any letter case.
    static func hasMarkdownExtension(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.count >= 3 else { return false }
        let tail = bytes.suffix(3)
        return tail.first == UInt8(ascii: ".") && tail.dropFirst().first! | 0x20 == UInt8(ascii: "m") && tail.last! | 0x20 == UInt8(ascii: "d")
    }
}
