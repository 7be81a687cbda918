import Foundation

/// Finds broken internal links, anchors and assets in a built site.
struct LinkCrawler {
    var files: [String: String]

    /// `page → target` for every internal reference that does not resolve.
    func brokenLinks() -> [String] {
        var broken: [String] = []
        for (page, html) in files where page.hasSuffix(".html") {
            for match in html.matches(of: /(?:href|src)="([^"]*)"/) {
                let reference = String(match.output.1).replacingOccurrences(of: "&amp;", with: "&")
                if reference.contains("://") || reference.hasPrefix("mailto:") { continue }
                if !resolves(reference, from: page) { broken.append("\(page) → \(reference)") }
            }
        }
        return broken.sorted()
    }

    private func resolves(_ reference: String, from page: String) -> Bool {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        // A path from the root (the 404 page's links) as a server at the site's root resolves it; a folder: its index.html.
        var target = parts[0].isEmpty ? page : normalize(parts[0].hasPrefix("/") ? "" : page, parts[0])
        if parts[0].hasSuffix("/") { target += target.isEmpty ? "index.html" : "/index.html" }
        guard let text = files[target] else { return false }
        guard parts.count == 2 else { return true }
        return text.contains("id=\"\(parts[1])\"")
    }

    private func normalize(_ page: String, _ relative: String) -> String {
        var components = page.split(separator: "/").dropLast().map(String.init)
        for part in relative.split(separator: "/") {
            if part == ".." { _ = components.popLast() } else if part != "." { components.append(String(part)) }
        }
        return components.joined(separator: "/")
    }
}
