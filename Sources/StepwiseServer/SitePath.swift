/// A request's path as the segments of a file below the site folder; nil when it could leave the
/// folder or name a hidden file (`..`, `.`, `.x`, also percent-encoded), or is not a valid path.
enum SitePath {
    /// The decoded segments of `target` (a request target: path, then perhaps `?query`).
    static func segments(_ target: String) -> [String]? {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        guard path.hasPrefix("/") else { return nil }
        var segments: [String] = []
        for raw in path.split(separator: "/") {
            guard let segment = String(raw).removingPercentEncoding, isAllowed(segment) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// A segment that names one entry of a folder: no separator, no NUL, nothing hidden or relative.
    private static func isAllowed(_ segment: String) -> Bool {
        !segment.isEmpty && !segment.hasPrefix(".") && !segment.contains("/") && !segment.contains("\\") && !segment.contains("\0")
    }
}
