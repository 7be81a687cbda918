public import Foundation

/// What the site needs of the project configuration (read once, from `stepwise.yml`, by the workspace):
/// default locale, source edition and link bases.
public struct SiteConfiguration: Hashable, Sendable, Codable {
    /// The locale translations are checked against and fall back to.
    public var defaultLocale: String
    /// The edition published as the current page; every other edition is archived.
    public var sourceEdition: String
    /// The absolute URL the site is published at, ending in `/` (used by `sitemap.xml`).
    public var siteURL: String
    /// The URL pattern for documents named in `externalDocuments`: `{locale}` and `{name}` are replaced.
    public var docsBaseURL: String
    /// Path prefixes, below the locale folder, of documents published elsewhere (`articles/storage/`):
    /// a link to one that is not in `content/` goes to `docsBaseURL`; a link to any other missing
    /// document is broken.
    public var externalDocuments: [String]
    /// The URL pattern of a document's source for writers (`https://github.com/org/repo/edit/main/{path}`,
    /// `{path}` the document's path from the project root); nil: pages have no "edit this page" link.
    public var editURL: String?
    /// About the most bytes of findings a page of the drift report shows before the report is split
    /// by folder (see `DriftReportLayout`).
    public var driftReportPageSize: Int
    /// About the most bytes of tutorials the site index lists on one page before it is split by folder
    /// (see `LandingLayout`).
    public var listPageSize: Int

    public init(
        defaultLocale: String, sourceEdition: String = "current",
        siteURL: String = "https://stepwise.example.org/",
        docsBaseURL: String = "https://azure.microsoft.com/{locale}/documentation/articles/{name}/",
        externalDocuments: [String] = [], editURL: String? = nil, driftReportPageSize: Int = 500_000, listPageSize: Int = 500_000
    ) {
        self.defaultLocale = defaultLocale
        self.sourceEdition = sourceEdition
        self.siteURL = siteURL.hasSuffix("/") ? siteURL : siteURL + "/"
        self.docsBaseURL = docsBaseURL
        self.externalDocuments = externalDocuments
        self.editURL = editURL
        self.driftReportPageSize = driftReportPageSize
        self.listPageSize = listPageSize
    }

    /// The path of `siteURL`, from the server's root: `/` for `https://docs.example.org/`, `/docs/` for
    /// `https://example.org/docs/` — where a page served at any depth (the 404 page) links from.
    public var sitePath: String { Self.path(of: siteURL) }

    /// The path of a URL, ending in `/` (`/` when it has none).
    public static func path(of siteURL: String) -> String {
        let path = URLComponents(string: siteURL)?.percentEncodedPath ?? ""
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The "edit this page" URL of the document at `source` (its path from the project root).
    public func editURL(of source: String) -> String? {
        editURL.map { $0.replacingEvery("{path}", with: source.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? source) }
    }

    /// The scheme and host of `docsBaseURL` (`https://azure.microsoft.com`): where a link written from
    /// the web site's root (`/azure/…`) goes.
    public var docsOrigin: String {
        guard let url = URL(string: docsBaseURL.replacingEvery("{", with: "").replacingEvery("}", with: "")),
            let scheme = url.scheme, let host = url.host
        else { return "" }
        return "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// Whether the configuration names the document at `tutorialPath` (below the locale) as external.
    public func isExternalDocument(_ tutorialPath: String) -> Bool {
        externalDocuments.contains { tutorialPath.hasPrefix($0) }
    }

    /// The external URL of a document named `name` (file name without `.md`) in `locale`.
    public func docsURL(name: String, locale: String) -> String {
        docsBaseURL.replacingEvery("{locale}", with: locale).replacingEvery("{name}", with: name)
    }
}
