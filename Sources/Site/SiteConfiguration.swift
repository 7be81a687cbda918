public import Foundation
import Yams

/// The project configuration in `stepwise.yml`: default locale, source edition and link bases.
public struct SiteConfiguration: Hashable, Sendable, Codable {
    /// The locale translations are checked against and fall back to.
    public var defaultLocale: String
    /// The edition published as the current page; every other edition is archived.
    public var sourceEdition: String
    /// The absolute URL the site is published at, ending in `/` (used by `sitemap.xml`).
    public var siteURL: String
    /// The URL pattern for documents that are not in `content/`: `{locale}` and `{name}` are replaced.
    public var docsBaseURL: String

    public init(
        defaultLocale: String = "en-us", sourceEdition: String = "current",
        siteURL: String = "https://stepwise.example.org/",
        docsBaseURL: String = "https://azure.microsoft.com/{locale}/documentation/articles/{name}/"
    ) {
        self.defaultLocale = defaultLocale
        self.sourceEdition = sourceEdition
        self.siteURL = siteURL.hasSuffix("/") ? siteURL : siteURL + "/"
        self.docsBaseURL = docsBaseURL
    }

    /// Reads `stepwise.yml`; keys that are absent keep their defaults.
    public static func load(from url: URL) throws -> SiteConfiguration {
        let text = try String(contentsOf: url, encoding: .utf8)
        // Only the site's keys; other tools' sections (`check:`, `contract:`) are theirs.
        struct Keys: Decodable {
            var defaultLocale: String?
            var sourceEdition: String?
            var siteURL: String?
            var docsBaseURL: String?
        }
        let values = try YAMLDecoder().decode(Keys?.self, from: text)
        let defaults = SiteConfiguration()
        return SiteConfiguration(
            defaultLocale: values?.defaultLocale ?? defaults.defaultLocale,
            sourceEdition: values?.sourceEdition ?? defaults.sourceEdition,
            siteURL: values?.siteURL ?? defaults.siteURL,
            docsBaseURL: values?.docsBaseURL ?? defaults.docsBaseURL)
    }

    /// The external URL of a document named `name` (file name without `.md`) in `locale`.
    public func docsURL(name: String, locale: String) -> String {
        docsBaseURL.replacingOccurrences(of: "{locale}", with: locale).replacingOccurrences(of: "{name}", with: name)
    }
}
