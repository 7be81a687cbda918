/// What `404.mustache` renders: the page a server shows for an address the site does not have. A
/// server shows it at any depth, so every link of the page — stylesheet, scripts, header, footer, the
/// link home — starts from the site's path on the server (`SiteConfiguration.sitePath`, `/` for a site
/// at the root of its host): right on the production host, on a copy of it, and under `stepwise serve`.
struct NotFoundPageView: Encodable {
    var chrome: PageChrome
    var home: String
}
