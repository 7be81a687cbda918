public import Hummingbird

/// The request context: Hummingbird's core storage plus the authenticated user name.
public struct NotifyUsersRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `BasicAuthMiddleware` once the credentials pass the verifier.
    public var user: String?

    public init(source: Source) {
        coreContext = .init(source: source)
    }
}
