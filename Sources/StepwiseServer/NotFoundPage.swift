import Foundation

/// The site's 404 page as `stepwise serve` serves it. On disk its links start from the path the site
/// is published at (`siteURL`'s: `/`, or `/docs/` for `https://example.org/docs/`), so a production
/// server shows it at any depth; `stepwise serve` serves the site at `/`, so when that path is not `/`
/// the page it serves links from `/` instead. The file on disk is never changed.
struct NotFoundPage {
    /// The path the site is published at, ending in `/`.
    var sitePath: String

    /// `html` with every `href` and `src` that starts with the site's path starting with `/` instead.
    func servedAtRoot(_ html: Data) -> Data {
        guard sitePath != "/", sitePath.hasPrefix("/") else { return html }
        var text = String(decoding: html, as: UTF8.self)
        for attribute in ["href", "src"] {
            text = text.replacingOccurrences(of: "\(attribute)=\"\(sitePath)", with: "\(attribute)=\"/")
        }
        return Data(text.utf8)
    }
}
