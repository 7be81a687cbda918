public import NotifyUsersContract

/// A registration at the hub: a device (handle) on a platform, with tags.
public struct HubRegistration: Hashable, Sendable {
    public var id: String
    public var platform: Platform
    public var handle: String
    public var tags: Set<String>

    public init(id: String, platform: Platform, handle: String, tags: Set<String>) {
        self.id = id
        self.platform = platform
        self.handle = handle
        self.tags = tags
    }
}

/// What became of a send, as the hub reports it (`NotificationOutcomeState`).
public enum SendOutcome: Hashable, Sendable {
    case completed
    case abandoned
    case unknown
}

/// Errors a hub reports.
public enum HubError: Error, Hashable, Sendable {
    /// The registration expired or was deleted at the hub (HTTP 410 Gone).
    case gone
}

/// The operations of Azure Notification Hubs the documented backend uses (`NotificationHubClient`).
public protocol NotificationHub: Sendable {
    /// Registrations whose handle (push channel) is `handle` (`GetRegistrationsByChannelAsync`).
    func registrations(byChannel handle: String) async throws -> [HubRegistration]
    /// The registration with `id`, if the hub has it (`GetRegistrationAsync`).
    func registration(id: String) async throws -> HubRegistration?
    /// A fresh registration id (`CreateRegistrationIdAsync`): unguessable, as the real hub's are.
    func createRegistrationId() async throws -> String
    /// Creates or replaces the registration with its id (`CreateOrUpdateRegistrationAsync`); throws `HubError.gone`.
    func createOrUpdate(_ registration: HubRegistration) async throws
    /// Deletes a registration (`DeleteRegistrationAsync`).
    func deleteRegistration(id: String) async throws
    /// Sends a native payload to the `platform` registrations that have any of `tags`.
    func send(_ payload: String, platform: Platform, tags: [String]) async throws -> SendOutcome
}
