public import Foundation
public import Hummingbird

/// The router: the site's files, and the live-reload events at `/__stepwise/events`. `sitePath` is
/// the path the site is published at (`/` unless its `siteURL` has one), which its 404 page links from.
public func buildRouter(site: URL, events: ReloadEvents, sitePath: @escaping @Sendable () -> String = { "/" }) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: SiteFileMiddleware(site: site, sitePath: sitePath))
    router.get(RouterPath(LiveReload.eventsPath)) { _, _ in events.response() }
    return router
}

/// The application serving `site` on `host:port` (port 0 picks a free one); `onServerRunning` gets the port.
public func buildApplication(
    host: String = "127.0.0.1", port: Int, site: URL, events: ReloadEvents, sitePath: @escaping @Sendable () -> String = { "/" },
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) -> some ApplicationProtocol {
    Application(
        router: buildRouter(site: site, events: events, sitePath: sitePath),
        configuration: .init(address: .hostname(host, port: port), serverName: "stepwise-serve"),
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) })
}
