import Foundation
public import NotifyUsersContract

/// A send the in-memory hub performed: payload, target tags and the registrations that received it.
public struct RecordedSend: Hashable, Sendable {
    public var platform: Platform
    public var payload: String
    public var tags: [String]
    public var deliveredTo: [String]
}

/// The embedded default hub: registrations in memory, sends recorded and delivered by tag.
public actor InMemoryNotificationHub: NotificationHub {
    public private(set) var registrations: [String: HubRegistration] = [:]
    /// The most recent sends, at most `sendHistoryLimit` (older ones are dropped: memory stays bounded).
    public private(set) var sends: [RecordedSend] = []
    public let sendHistoryLimit: Int
    /// Ids the hub treats as expired: updating them throws `HubError.gone`.
    private var expired: Set<String> = []
    /// When set, every update is answered with `HubError.gone`.
    private var goneForEveryUpdate = false
    private let onSend: @Sendable (RecordedSend) -> Void

    public init(sendHistoryLimit: Int = 1_000, onSend: @escaping @Sendable (RecordedSend) -> Void = { _ in }) {
        self.sendHistoryLimit = sendHistoryLimit
        self.onSend = onSend
    }

    public func registration(id: String) -> HubRegistration? {
        registrations[id]
    }

    public func registrations(byChannel handle: String) -> [HubRegistration] {
        registrations.values.filter { $0.handle == handle }.sorted { $0.id < $1.id }
    }

    public func createRegistrationId() -> String {
        "reg-" + UUID().uuidString.lowercased()
    }

    public func createOrUpdate(_ registration: HubRegistration) throws {
        if goneForEveryUpdate || expired.contains(registration.id) { throw HubError.gone }
        registrations[registration.id] = registration
    }

    public func deleteRegistration(id: String) {
        registrations[id] = nil
    }

    public func send(_ payload: String, platform: Platform, tags: [String]) -> SendOutcome {
        let targets = registrations.values.filter { $0.platform == platform && !$0.tags.isDisjoint(with: tags) }
        let send = RecordedSend(platform: platform, payload: payload, tags: tags, deliveredTo: targets.map(\.id).sorted())
        sends.append(send)
        if sends.count > sendHistoryLimit { sends.removeFirst(sends.count - sendHistoryLimit) }
        onSend(send)
        return .completed
    }

    /// Makes the hub answer Gone for `id` (the registration expired), removing it.
    public func expire(_ id: String) {
        expired.insert(id)
        registrations[id] = nil
    }

    /// Makes the hub answer Gone for every update.
    public func answerGoneForEveryUpdate(_ value: Bool = true) {
        goneForEveryUpdate = value
    }

    /// The sends a registration received.
    public func received(by id: String) -> [RecordedSend] {
        sends.filter { $0.deliveredTo.contains(id) }
    }
}
