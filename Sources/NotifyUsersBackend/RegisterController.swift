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
        try await requireOwner(id: id, user: user)
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

    /// Deviation: the tutorial lets any signed-in user delete any registration; only its owner may.
    public func delete(id: String, user: String) async throws -> ContractStatus {
        try await requireOwner(id: id, user: user)
        return try await delete(id: id)
    }

    /// Deviation: a registration that carries another user's `username:` tag belongs to that user;
    /// nobody else may change or delete it (403).
    private func requireOwner(id: String, user: String) async throws {
        guard let existing = try await hub.registration(id: id) else { return }
        let owners = existing.tags.compactMap { Tags.username.value(of: $0) }
        if !owners.isEmpty, !owners.contains(user) {
            throw ContractError(.forbidden, "registration \(id) belongs to another user")
        }
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
