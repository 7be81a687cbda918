public import NotifyUsersContract

/// The documented `RegisterController`: registration ids, create-or-update with the user's tag, delete.
public struct RegisterController: RegisterControllerProtocol, Sendable {
    public var hub: any NotificationHub

    public init(hub: any NotificationHub) {
        self.hub = hub
    }

    /// Returns the id of the handle's first registration, deleting the others, or a new id.
    public func post(handle: String?) async throws -> String {
        var kept: String?
        if let handle {
            for registration in try await hub.registrations(byChannel: handle) {
                if kept == nil { kept = registration.id } else { try await hub.deleteRegistration(id: registration.id) }
            }
        }
        if let kept { return kept }
        return try await hub.createRegistrationId()
    }

    /// Creates or updates registration `id` with the device's platform, handle and tags plus `username:<user>`.
    public func put(id: String, deviceUpdate: DeviceRegistration, user: String) async throws -> ContractStatus {
        guard let platform = Platform(rawValue: deviceUpdate.platform) else {
            throw ContractError(.badRequest, "unknown platform '\(deviceUpdate.platform)'")
        }
        try TagPolicy(user: user).check(deviceUpdate.tags)
        var tags = Set(deviceUpdate.tags)
        tags.insert(Tags.username.tag(user))
        do {
            try await hub.createOrUpdate(HubRegistration(id: id, platform: platform, handle: deviceUpdate.handle, tags: tags))
        } catch HubError.gone {
            throw ContractError(.gone, "registration \(id) is gone at the hub")
        }
        return .ok
    }

    public func delete(id: String) async throws -> ContractStatus {
        try await hub.deleteRegistration(id: id)
        return .ok
    }
}

/// Deviation: the tutorial leaves "add check if user is allowed to add these tags". A device may not
/// claim a tag in a contract format (`username:`, `from:`) other than its own user's `username:` tag.
struct TagPolicy {
    var user: String

    func check(_ tags: [String]) throws {
        let formats = [Tags.username, Tags.from]
        for tag in tags where tag != Tags.username.tag(user) {
            if let format = formats.first(where: { $0.value(of: tag) != nil }) {
                throw ContractError(.forbidden, "tag '\(tag)' (\(format.prefix)…) belongs to another user")
            }
        }
    }
}
