import Foundation
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersContract
import Testing

/// Documented registration behaviour, end to end over loopback with the real client.
@Suite("Registration as documented") struct RegistrationTests {
    @Test("Authenticating Clients, step 3: user name ≠ password is rejected with 403")
    func wrongPassword() async throws {
        try await Loopback.run { server in
            let (client, _) = server.client(user: "bob", password: "not-bob")
            await #expect(throws: RegisterClientError.status(403)) { try await client.register(withDeviceToken: Sample.token, tags: []) }
        }
    }

    @Test("Authenticating Clients, step 3 + Modify your iOS app, step 7: user name = password registers")
    func rightPassword() async throws {
        try await Loopback.run { server in
            let (client, _) = server.client(user: "bob")
            try await client.register(withDeviceToken: Sample.token, tags: [])
            #expect(await server.hub.registrations.count == 1)
        }
    }

    @Test("Modify your iOS app, step 7: first registration POSTs once, stores the unquoted id; the second reuses it")
    func storesAndReusesId() async throws {
        try await Loopback.run { server in
            let store = InMemoryKeyValueStore()
            let (client, transport) = server.client(user: "bob", store: store)
            try await client.register(withDeviceToken: Sample.token, tags: [])
            let stored = try #require(store.string(forKey: "RegistrationId"))
            #expect(!stored.contains("\""))
            #expect(await server.hub.registrations[stored] != nil)
            try await client.register(withDeviceToken: Sample.token, tags: [])
            #expect(transport.count("POST", Routes.registerPost) == 1)
            #expect(transport.count("PUT", Routes.registerPut) == 2)
            #expect(store.string(forKey: "RegistrationId") == stored)
        }
    }

    @Test("Modify your iOS app, step 7: the handle is the token in upper-case hex without spaces or <>")
    func handleFormat() async throws {
        try await Loopback.run { server in
            let (client, transport) = server.client(user: "bob")
            try await client.register(withDeviceToken: Sample.token, tags: [])
            #expect(transport.requests[0].url.hasSuffix("/api/register?handle=\(Sample.handle)"))
            #expect(await server.hub.registrations.values.first?.handle == Sample.handle)
        }
    }

    @Test("Registering for Notifications, step 9 (Post): a handle with several registrations keeps one")
    func duplicateHandles() async throws {
        try await Loopback.run { server in
            for id in ["reg-a", "reg-b", "reg-c"] {
                try await server.hub.createOrUpdate(HubRegistration(id: id, platform: .apns, handle: Sample.handle, tags: []))
            }
            let response = try await server.request("POST", "/api/register?handle=\(Sample.handle)")
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == "\"reg-a\"")
            #expect(await server.hub.registrations.keys.sorted() == ["reg-a"])
        }
    }

    @Test("Registering for Notifications, step 9 (Put): an unknown platform is 400")
    func unknownPlatform() async throws {
        try await Loopback.run { server in
            let body = #"{"Platform":"bbm","Handle":"X","Tags":[]}"#
            let response = try await server.request("PUT", "/api/register/reg-1", headers: ["Content-Type": "application/json"], body: body)
            #expect(response.status == 400)
        }
    }

    @Test("Registering for Notifications, step 9 (Put): the stored registration's tags contain username:<user>")
    func usernameTag() async throws {
        try await Loopback.run { server in
            let (client, _) = server.client(user: "bob")
            try await client.register(withDeviceToken: Sample.token, tags: ["news"])
            let registration = try #require(await server.hub.registrations.values.first)
            #expect(registration.tags == ["news", "username:bob"])
        }
    }

    @Test("Registering for Notifications, step 9 (Delete): DELETE removes the registration")
    func delete() async throws {
        try await Loopback.run { server in
            let store = InMemoryKeyValueStore()
            let (client, _) = server.client(user: "bob", store: store)
            try await client.register(withDeviceToken: Sample.token, tags: [])
            let id = try #require(store.string(forKey: "RegistrationId"))
            let response = try await server.request("DELETE", "/api/register/\(id)", user: "bob")
            #expect(response.status == 200)
            #expect(await server.hub.registrations[id] == nil)
        }
    }
}
