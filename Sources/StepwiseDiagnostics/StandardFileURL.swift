public import Foundation

/// File URLs standardized only when they need it. `standardizedFileURL` re-parses and re-encodes a
/// URL's text, microseconds each time, and every stage that took a document's URL standardized it
/// anew (the document's, its content root's, its code roots' at each file parsed: a percent of
/// `extract`). A URL whose path is already standard is left as it is, which is what standardizing
/// gives back for it.
public enum StandardFileURL {
    /// `url.standardizedFileURL`: `url` itself when it is a file URL of its own (no base URL) whose
    /// path is standard.
    public static func of(_ url: URL) -> URL {
        guard url.isFileURL, url.baseURL == nil, isStandard(url.path) else { return url.standardizedFileURL }
        return url
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
