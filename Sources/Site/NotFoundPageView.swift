/// What `404.mustache` renders: the page a server shows for an address the site does not have. Its
/// link home is the site's absolute URL, since the page is served at any depth.
struct NotFoundPageView: Encodable {
    var chrome: PageChrome
    var home: String
}
