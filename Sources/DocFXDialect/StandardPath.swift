public import Foundation

/// Path components of file URLs read from the path text when it is already standard — absolute, with
/// no `.`, `..` or empty segment — which is what almost every path of a run is: the same answers as
/// `standardizedFileURL.pathComponents`, without building and standardizing URLs (a per-image and
/// per-file cost that added up to several percent of a run). Other paths take the URL route.
public enum StandardPath {
    /// The components of `url` below `base` (none of `base`'s own), nil when `url` is not strictly
    /// inside it. `base` is compared as written (its `pathComponents`), `url` once standardized.
    public static func components(of url: URL, below base: URL) -> [String]? {
        let path = url.path, basePath = base.path
        if isStandard(path), isStandard(basePath) {
            let prefix = basePath == "/" ? "/" : basePath + "/"
            guard path.count > prefix.count, path.hasPrefix(prefix) else { return nil }
            return path.dropFirst(prefix.count).split(separator: "/").map(String.init)
        }
        let baseComponents = base.pathComponents
        let components = url.standardizedFileURL.pathComponents
        guard components.count > baseComponents.count, Array(components[..<baseComponents.count]) == baseComponents else { return nil }
        return Array(components[baseComponents.count...])
    }

    /// `url.standardizedFileURL.path`, read from the text when it is already standard.
    public static func standardized(_ url: URL) -> String {
        let path = url.path
        return isStandard(path) ? path : url.standardizedFileURL.path
    }

    /// The standardized form of the absolute path `path` (`standardizedFileURL.path`), the text itself
    /// when it is already standard.
    public static func standardized(path: String) -> String {
        isStandard(path) ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` is absolute with no empty, `.` or `..` segment and no trailing slash (`/` itself
    /// is): what standardizing leaves as it is.
    public static func isStandard(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        // The bytes since the last slash: a segment is bad when it is empty, `.` or `..`.
        var segmentLength = 0, dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || dots == segmentLength && segmentLength <= 2 { return false }
                segmentLength = 0
                dots = 0
            } else {
                segmentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(segmentLength == 0 || dots == segmentLength && segmentLength <= 2)
    }
}
