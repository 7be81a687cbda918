public import Foundation
import StepwiseDiagnostics

/// Where a document sits in a locale-mirrored content tree:
/// `<root>/<locale>/[editions/<edition>/]<tutorial path>`.
public struct ContentLayout: Hashable, Sendable {
    /// The content root (the folder holding one folder per locale).
    public let root: URL
    /// The root's path (`root.path`), read once: every question about a file compares with it.
    public let rootPath: String
    /// The locale whose includes every other locale falls back to.
    public var defaultLocale: String

    public init(root: URL, defaultLocale: String) {
        self.root = StandardFileURL.of(root)
        self.rootPath = self.root.path
        self.defaultLocale = defaultLocale
    }

    /// The layout for `file`: its root is the nearest ancestor holding a locale folder on the file's path.
    /// The deepest folder on the path that names a language and a region (`es-es`, `es-419`,
    /// `sr-latn-rs`) is the locale's; failing one, the deepest that names a language and a script
    /// (`zh-hans`): a tutorial's own folders are often shaped like a language and a script
    /// (`iot-edge`, `end-user`), seldom like a language and a region.
    public static func containing(_ file: URL, defaultLocale: String) -> ContentLayout {
        let components = file.standardizedFileURL.pathComponents
        var script: Int?
        for index in stride(from: components.count - 2, through: 1, by: -1) {
            switch localeShape(components[index]) {
            case .region?: return ContentLayout(root: folder(components[..<index]), defaultLocale: defaultLocale)
            case .script?: script = script ?? index
            case nil: continue
            }
        }
        if let script { return ContentLayout(root: folder(components[..<script]), defaultLocale: defaultLocale) }
        return ContentLayout(root: file.standardizedFileURL.deletingLastPathComponent(), defaultLocale: defaultLocale)
    }

    private static func folder(_ components: ArraySlice<String>) -> URL {
        URL(fileURLWithPath: NSString.path(withComponents: Array(components)), isDirectory: true)
    }

    /// Whether `name` looks like a locale folder (`en-us`, `de-de`, `es-419`, `zh-hans`, `sv-SE`,
    /// `sr-latn-rs`): see `localeShape(_:)`.
    public static func isLocale(_ name: String) -> Bool {
        localeShape(name) != nil
    }

    /// How a locale folder's name is made, as a BCP 47 tag's first subtags: a language (two or three
    /// ASCII letters), then a region (two letters or three digits: `.region`), a script (four letters:
    /// `.script`), a script and a region, or a region and a variant (five to eight letters or digits,
    /// or a digit and three: `de-de-1996`) (`.region`). Any other name (`app-service`, `iot-hub`) is none.
    public enum LocaleShape: Sendable {
        case region, script
    }

    public static func localeShape(_ name: String) -> LocaleShape? {
        let parts = name.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (2...3).contains(parts[0].count), parts[0].allSatisfy(\.isASCIILetter) else { return nil }
        func isRegion(_ part: Substring.UTF8View.SubSequence) -> Bool {
            part.count == 2 && part.allSatisfy(\.isASCIILetter) || part.count == 3 && part.allSatisfy(\.isASCIIDigit)
        }
        func isVariant(_ part: Substring.UTF8View.SubSequence) -> Bool {
            guard part.allSatisfy(\.isASCIIAlphanumeric) else { return false }
            return (5...8).contains(part.count) || part.count == 4 && part.first?.isASCIIDigit == true
        }
        let isScript = parts[1].count == 4 && parts[1].allSatisfy(\.isASCIILetter)
        if parts.count == 3 { return isScript && isRegion(parts[2]) || isRegion(parts[1]) && isVariant(parts[2]) ? .region : nil }
        return isRegion(parts[1]) ? .region : isScript ? .script : nil
    }

    /// The path components of `file` below the root, or `nil` when it is outside.
    public func relativeComponents(of file: URL) -> [String]? {
        StandardPath.components(of: file, below: root, basePath: rootPath)
    }

    /// Whether `file` lies inside the root.
    public func contains(_ file: URL) -> Bool { relativeComponents(of: file) != nil }

    /// The locale folder of `file`, lower-cased, or `nil`.
    public func locale(of file: URL) -> String? {
        guard let first = StandardPath.firstComponent(of: file, below: root, basePath: rootPath), Self.isLocale(first) else { return nil }
        return first.lowercased()
    }

    /// The file at the same place in `locale`'s folder (`<root>/<locale>/<the rest>`), nil when `file`
    /// is not in a locale folder: where a translated include's source-locale counterpart lives.
    public func counterpart(of file: URL, in locale: String) -> URL? {
        guard let parts = relativeComponents(of: file), let first = parts.first, Self.isLocale(first) else { return nil }
        return parts.dropFirst().reduce(root.appendingPathComponent(locale)) { $0.appendingPathComponent($1) }.standardizedFileURL
    }

    /// The edition of `file`: the name after `editions/`, or `current`.
    public func edition(of file: URL) -> String {
        guard let parts = relativeComponents(of: file), parts.count > 3, parts[1] == "editions" else { return "current" }
        return parts[2]
    }

    /// The locale, edition and tutorial path of `file` (`locale(of:)`, `edition(of:)`, `tutorialPath(of:)`),
    /// its components read once; nil when it is not in a locale folder.
    public func placement(of file: URL) -> (locale: String, edition: String, tutorialPath: String)? {
        relativeComponents(of: file).flatMap(Self.placement(ofComponents:))
    }

    /// The placement of the file at the standard path `path` (see `StandardPath`), as
    /// `placement(of:)` answers for its URL, without making one: a link check places every document
    /// of the content.
    public func placement(ofStandard path: String) -> (locale: String, edition: String, tutorialPath: String)? {
        // An ASCII path below the root's bytes is split at its slashes by bytes, into substrings of it
        // (no string made per component); any other takes the components' route.
        if let rest = StandardPath.relativePath(ofStandard: path, belowStandard: rootPath), rest.isAllASCII {
            return Self.placement(ofComponents: rest.slashSeparatedParts())
        }
        return StandardPath.components(ofStandard: path, below: rootPath).flatMap(Self.placement(ofComponents:))
    }

    /// The placement of the components of a file's path below the root: the first a locale folder,
    /// then `editions/<edition>/` when a path follows it, then the tutorial path.
    private static func placement<Component: StringProtocol>(ofComponents parts: [Component]) -> (locale: String, edition: String, tutorialPath: String)? {
        guard let first = parts.first, isLocale(String(first)) else { return nil }
        let hasEdition = parts.count > 3 && parts[1] == "editions"
        let below = parts.dropFirst(hasEdition ? 3 : 1)
        return (first.lowercased(), hasEdition ? String(parts[2]) : "current", below.joined(separator: "/"))
    }

    /// The tutorial's path below its locale (and edition), shared by all its variants.
    public func tutorialPath(of file: URL) -> String {
        guard var parts = relativeComponents(of: file) else { return file.lastPathComponent }
        if let first = parts.first, Self.isLocale(first) { parts.removeFirst() }
        if parts.count > 2, parts[0] == "editions" { parts.removeFirst(2) }
        return parts.joined(separator: "/")
    }
}
