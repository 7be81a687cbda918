/// Progress of a build, for a progress bar or plain lines.
public struct SiteProgress: Sendable {
    public var done: Int
    public var total: Int
    /// The page just rendered, relative to the site root.
    public var page: String
}
