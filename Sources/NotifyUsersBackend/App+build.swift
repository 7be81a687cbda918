import Foundation
public import Hummingbird
public import NotifyUsersContract

/// The router: Basic authentication in front of the register and notifications routes.
public func buildRouter(hub: any NotificationHub, verifier: any AuthenticationTestHandlerProtocol & Sendable = DocumentedCredentialVerifier()) -> Router<NotifyUsersRequestContext> {
    let router = Router(context: NotifyUsersRequestContext.self)
    router.add(middleware: ContractErrorMiddleware())
    router.add(middleware: BasicAuthMiddleware(verifier: verifier))
    let handlers = RouteHandlers(register: RegisterController(hub: hub), notifications: NotificationsController(hub: hub))
    router.on(path(Routes.registerPost), method: method(Routes.registerPost), use: handlers.registerPost)
    router.on(path(Routes.registerPut), method: method(Routes.registerPut), use: handlers.registerPut)
    router.on(path(Routes.registerDelete), method: method(Routes.registerDelete), use: handlers.registerDelete)
    router.on(path(Routes.notificationsPost), method: method(Routes.notificationsPost), use: handlers.notificationsPost)
    return router
}

/// The application listening on `host:port` (port 0 picks a free port).
/// A connection idle for `idleTimeoutSeconds` is closed, so idle sockets cannot use up the file limit.
public func buildApplication(
    host: String = "127.0.0.1", port: Int, hub: any NotificationHub, verifier: any AuthenticationTestHandlerProtocol & Sendable = DocumentedCredentialVerifier(),
    idleTimeoutSeconds: Int64 = 30, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(hub: hub, verifier: verifier),
        server: .http1(configuration: .init(idleTimeout: .seconds(idleTimeoutSeconds))),
        configuration: .init(address: .hostname(host, port: port), serverName: "notify-server"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) })
}

/// `{id}` segments become Hummingbird parameters `:id`.
func path(_ route: ContractRoute) -> RouterPath {
    RouterPath(route.segments.map { $0.hasPrefix("{") ? ":" + $0.dropFirst().dropLast() : $0 }.joined(separator: "/"))
}

func method(_ route: ContractRoute) -> HTTPRequest.Method {
    HTTPRequest.Method(route.method) ?? .get
}

/// Turns `ContractError` into its documented status.
struct ContractErrorMiddleware: RouterMiddleware {
    typealias Context = NotifyUsersRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as ContractError {
            throw HTTPError(.init(code: error.status.rawValue), message: error.reason)
        }
    }
}
