public import NotifyUsersContract

/// The documented `NotificationsController`: sends `From <user>: <message>` as the platform's native
/// payload to the recipient's `username:` tag.
public struct NotificationsController: NotificationsControllerProtocol, Sendable {
    public var hub: any NotificationHub

    public init(hub: any NotificationHub) {
        self.hub = hub
    }

    /// 200 when the hub completed the send; 500 when the outcome is abandoned, unknown or there is no
    /// payload for `pns` (as documented).
    public func post(pns: String, message: String, toTag: String, user: String) async throws -> ContractStatus {
        guard let platform = Platform(rawValue: pns.lowercased()), let template = Payloads.template(for: platform) else {
            return .internalServerError
        }
        let values = ["sender": user, "message": message]
        let payload = template.render(values, escape: PayloadEscaping.escaper(for: template.format))
        let tags = [Tags.username.tag(toTag), Tags.from.tag(user)]
        let outcome = try await hub.send(payload, platform: platform, tags: tags)
        return outcome == .completed ? .ok : .internalServerError
    }
}
