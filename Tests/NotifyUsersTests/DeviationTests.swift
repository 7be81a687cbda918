import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersContract
import Testing

/// Where the documented code is unsafe, the reference implementation follows its intent safely.
@Suite("Safe deviations") struct DeviationTests {
    static let hostile = "say \"hi\" \\ <b>&amp;</b>\nbye"

    @Test("Deviation: messages are JSON-escaped in APNs and GCM payloads", arguments: [Platform.apns, .gcm])
    func jsonEscaping(platform: Platform) async throws {
        try await Loopback.run { server in
            let (alice, _) = server.client(user: "alice")
            #expect(try await NotificationSender(client: alice).send(Self.hostile, via: platform.rawValue, recipient: "bob") == 200)
            let payload = try #require(await server.hub.sends.first?.payload)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: [String: String]])
            #expect(object.values.first?.values.first == "From alice: " + Self.hostile)
        }
    }

    @Test("Deviation: messages are XML-escaped in the WNS toast")
    func xmlEscaping() async throws {
        try await Loopback.run { server in
            let (alice, _) = server.client(user: "alice")
            #expect(try await NotificationSender(client: alice).send(Self.hostile, via: "wns", recipient: "bob") == 200)
            let payload = try #require(await server.hub.sends.first?.payload)
            #expect(payload.contains("From alice: say &quot;hi&quot; \\ &lt;b&gt;&amp;amp;&lt;/b&gt;\nbye</text>"))
            let parser = XMLParser(data: Data(payload.utf8))
            #expect(parser.parse())
        }
    }

    @Test("Deviation: a device cannot register another user's username tag (403)")
    func foreignUsernameTag() async throws {
        try await Loopback.run { server in
            let (mallory, _) = server.client(user: "mallory")
            await #expect(throws: RegisterClientError.status(403)) { try await mallory.register(withDeviceToken: Sample.token, tags: ["username:bob"]) }
            #expect(await server.hub.registrations.isEmpty)
            let (bob, _) = server.client(user: "bob")
            try await bob.register(withDeviceToken: Sample.token, tags: ["username:bob", "sports"])
        }
    }

    @Test("Deviation: a missing Authorization header is 401, a malformed one 403, never 500", arguments: [
        (nil, 401), ("Basic", 403), ("Basic !!!", 403), ("Bearer abc", 403), ("Basic " + Data("nocolon".utf8).base64EncodedString(), 403),
    ] as [(String?, Int)])
    func authorizationHeader(header: String?, status: Int) async throws {
        try await Loopback.run { server in
            let headers = header.map { ["Authorization": $0] } ?? [:]
            let response = try await server.request("POST", "/api/register", user: nil, headers: headers)
            #expect(response.status == status)
        }
    }

    @Test("Deviation: query values are URL-encoded, so tags with spaces and & reach the right user")
    func queryEncoding() async throws {
        try await Loopback.run { server in
            let name = "bob smith&to_tag=eve"
            let (bob, _) = server.client(user: name)
            try await bob.register(withDeviceToken: Sample.token, tags: [])
            let (alice, transport) = server.client(user: "alice")
            #expect(try await NotificationSender(client: alice).send("hi", via: "apns", recipient: name) == 200)
            #expect(transport.requests[0].url.contains("to_tag=bob%20smith%26to_tag%3Deve"))
            let bobId = try #require(bob.store.string(forKey: "RegistrationId"))
            #expect(await server.hub.sends.first?.deliveredTo == [bobId])
        }
    }
}
