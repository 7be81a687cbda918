import Foundation
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersContract
import Testing

@Suite("Sending as documented") struct SendTests {
    /// The payloads as the tutorial's C# writes them for sender alice and message `hello`.
    static let documented: [(Platform, String)] = [
        (.wns, #"<toast><visual><binding template="ToastText01"><text id="1">From alice: hello</text></binding></visual></toast>"#),
        (.apns, #"{"aps":{"alert":"From alice: hello"}}"#),
        (.gcm, #"{ "data" : {"message":"From alice: hello"}}"#),
    ]

    @Test("Sending Notifications, step 3 + Modify your iOS app, step 12: each platform gets exactly the documented payload, only on the recipient's devices", arguments: documented)
    func documentedPayload(platform: Platform, payload: String) async throws {
        try await Loopback.run { server in
            let (bob, _) = server.client(user: "bob", platform: platform, store: InMemoryKeyValueStore())
            try await bob.register(withDeviceToken: Sample.token, tags: [])
            let (carol, _) = server.client(user: "carol", platform: platform, store: InMemoryKeyValueStore())
            try await carol.register(withDeviceToken: Data([0xca, 0x01]), tags: [])
            let (alice, _) = server.client(user: "alice")
            let results = try await NotificationSender(client: alice).sendToEnabledPlatforms("hello", recipient: "bob", enabled: [platform])
            #expect(results.map(\.status) == [200])
            let sends = await server.hub.sends
            #expect(sends.map(\.payload) == [payload])
            #expect(sends.map(\.tags) == [["username:bob", "from:alice"]])
            let bobId = try #require(bob.store.string(forKey: "RegistrationId"))
            #expect(sends.map(\.deliveredTo) == [[bobId]])
        }
    }

    @Test("Modify your iOS app, step 12: the enabled platforms are sent one request each")
    func enabledPlatforms() async throws {
        try await Loopback.run { server in
            let (alice, transport) = server.client(user: "alice")
            let results = try await NotificationSender(client: alice).sendToEnabledPlatforms("hi", recipient: "bob", enabled: [.wns, .apns])
            #expect(results.map(\.platform).sorted { $0.rawValue < $1.rawValue } == [.apns, .wns])
            #expect(transport.count("POST", Routes.notificationsPost) == 2)
            #expect(transport.requests.allSatisfy { $0.headers["Content-Type"] == "application/json;charset=utf-8" })
        }
    }

    @Test("Sending Notifications, step 3: an unknown platform is 500 (no outcome)")
    func unknownPns() async throws {
        try await Loopback.run { server in
            let (alice, _) = server.client(user: "alice")
            let status = try await NotificationSender(client: alice).send("hi", via: "bbm", recipient: "bob")
            #expect(status == 500)
            #expect(await server.hub.sends.isEmpty)
        }
    }
}
