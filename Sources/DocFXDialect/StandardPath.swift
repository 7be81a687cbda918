public import Foundation
import StepwiseDiagnostics

/// Path components of file URLs read from the path text when it is already standard — absolute, with
/// no `.`, `..` or empty segment — which is what almost every path of a run is: the same answers as
/// `standardizedFileURL.pathComponents`, without building and standardizing URLs (a per-image and
/// per-file cost that added up to several percent of a run). Other paths take the URL route.
public enum StandardPath {
    /// The components of `url` below `base` (none of `base`'s own), nil when `url` is not strictly
    /// inside it. `base` is compared as written (its `pathComponents`), `url` once standardized.
    public static func components(of url: URL, below base: URL) -> [String]? {
        components(of: url, below: base, basePath: base.path)
    }

    /// `components(of:below:)` with `base.path` worked out once by a caller that asks often.
    public static func components(of url: URL, below base: URL, basePath: String) -> [String]? {
        let path = url.path
        if isStandard(path), isStandard(basePath) { return components(ofStandard: path, below: basePath) }
        let baseComponents = base.pathComponents
        let components = url.standardizedFileURL.pathComponents
        guard components.count > baseComponents.count, Array(components[..<baseComponents.count]) == baseComponents else { return nil }
        return Array(components[baseComponents.count...])
    }

    /// The first of `components(of:below:basePath:)` (a file's locale folder): for a standard path
    /// inside a standard base, the text after the base's up to the next slash, no other component made.
    public static func firstComponent(of url: URL, below base: URL, basePath: String) -> String? {
        let path = url.path
        if isStandard(path), isStandard(basePath), let rest = restAfterBytes(of: basePath, in: path) {
            let bytes = path.utf8[rest...]
            return String(decoding: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)], as: UTF8.self)
        }
        return components(of: url, below: base, basePath: basePath)?.first
    }

    /// `components(of:below:basePath:)` joined with `/`: for a standard path inside a standard base,
    /// the text after the base's (no component made a string of its own).
    public static func relativePath(of url: URL, below base: URL, basePath: String) -> String? {
        let path = url.path
        // A standard path has no empty segment: the rest after the base is its components joined, as written.
        if isStandard(path), isStandard(basePath), let rest = restAfterBytes(of: basePath, in: path) { return String(path[rest...]) }
        return components(of: url, below: base, basePath: basePath)?.joined(separator: "/")
    }

    /// The components of the standard path `path` below the standard path `basePath` (none of the
    /// base's own), nil when it is not strictly inside: what `components(of:below:)` answers for two
    /// URLs with these paths.
    public static func components(ofStandard path: String, below basePath: String) -> [String]? {
        // Most paths hold the base's very bytes, then a slash: only the rest is split.
        if let rest = restAfterBytes(of: basePath, in: path) {
            return path.utf8[rest...].split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        }
        // ASCII components equal as strings only when their bytes are: the base is not a prefix.
        if path.isAllASCII, basePath.isAllASCII { return nil }
        // Split at the slash bytes (a combining mark after a slash starts the next component, as
        // for URLs) and compare components as strings, as the URL route does.
        let components = segments(of: path), baseComponents = segments(of: basePath)
        guard components.count > baseComponents.count, components[..<baseComponents.count].elementsEqual(baseComponents) else {
            return nil
        }
        return Array(components[baseComponents.count...])
    }

    /// Whether the standard path `path` is strictly inside the standard path `basePath`: what
    /// `components(ofStandard:below:) != nil` answers, without making the components when the base's
    /// bytes begin the path.
    public static func isInside(standard path: String, below basePath: String) -> Bool {
        restAfterBytes(of: basePath, in: path) != nil || (!(path.isAllASCII && basePath.isAllASCII) && components(ofStandard: path, below: basePath) != nil)
    }

    /// `relativePath(of:below:basePath:)` of a URL whose path is the standard `path`, for a standard
    /// `basePath`: the text after the base's when the base's bytes begin it; nil when they do not
    /// (the caller then takes the URL route).
    public static func relativePath(ofStandard path: String, belowStandard basePath: String) -> String? {
        restAfterBytes(of: basePath, in: path).map { String(path[$0...]) }
    }

    /// Where `path`'s text after the bytes of `basePath` and a slash starts, when it holds them and
    /// something after them; nil otherwise.
    private static func restAfterBytes(of basePath: String, in path: String) -> String.Index? {
        let prefix = basePath == "/" ? 0 : basePath.utf8.count
        let bytes = path.utf8
        guard bytes.count > prefix + 1, bytes.starts(with: basePath.utf8.prefix(prefix)),
            bytes[bytes.index(bytes.startIndex, offsetBy: prefix)] == UInt8(ascii: "/")
        else { return nil }
        return bytes.index(bytes.startIndex, offsetBy: prefix + 1)
    }

    /// The components of a standard path, without the root `/`.
    private static func segments(of path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `url.standardizedFileURL.path`, read from the text when it is already standard.
    public static func standardized(_ url: URL) -> String {
        let path = url.path
        return isStandard(path) ? path : url.standardizedFileURL.path
    }

    /// The folder holding the file at the standard path `path`: the path without its last component,
    /// read from the text (what `deletingLastPathComponent()` of its URL standardizes to).
    public static func folder(ofStandard path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The standardized form of the absolute path `path` (`standardizedFileURL.path`), the text itself
    /// when it is already standard.
    public static func standardized(path: String) -> String {
        isStandard(path) ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` is absolute with no empty, `.` or `..` segment and no trailing slash (`/` itself
    /// is): what standardizing leaves as it is.
    public static func isStandard(_ path: String) -> Bool {
        StandardFileURL.isStandard(path)
    }
}
