public import Hummingbird

/// The request context: Hummingbird's core storage plus the authenticated user name.
public struct NotifyUsersRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `BasicAuthMiddleware` once the credentials pass the verifier.
    public var user: String?

    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// The largest request body read (a registration or a message): past it the answer is 413.
    public static let bodyLimit = 64 * 1024

    public var maxUploadSize: Int { Self.bodyLimit }
}
