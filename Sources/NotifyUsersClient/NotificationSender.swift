import Foundation
public import NotifyUsersContract

/// The view controller's send logic: `SendToEnabledPlatforms` and `SendNotificationASPNETBackend`.
public struct NotificationSender: Sendable {
    public var client: RegisterClient

    public init(client: RegisterClient) {
        self.client = client
    }

    /// Sends `message` to `recipient` once per enabled platform, in the order of `Platform.allCases`;
    /// returns each platform's status.
    public func sendToEnabledPlatforms(_ message: String, recipient: String, enabled: Set<Platform>) async throws -> [(platform: Platform, status: Int)] {
        var results: [(platform: Platform, status: Int)] = []
        for platform in Platform.allCases where enabled.contains(platform) {
            results.append((platform, try await send(message, via: platform.rawValue, recipient: recipient)))
        }
        return results
    }

    /// `POST api/notifications?pns=…&to_tag=…` with the message as a JSON string; returns the status.
    public func send(_ message: String, via pns: String, recipient: String) async throws -> Int {
        let route = Routes.notificationsPost
        var headers = try client.authorization()
        headers[NotifyUsersContract.Headers.contentType] = ContentTypes.notificationsPost
        let body = try JSONEncoder().encode(message)
        let request = HTTPRequestData(method: route.method, url: client.url(route, query: [pns, recipient]), headers: headers, body: body)
        return try await client.transport.send(request).status
    }
}
