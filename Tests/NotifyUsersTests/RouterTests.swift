import Foundation
import Hummingbird
import HummingbirdTesting
import NotifyUsersBackend
import NotifyUsersContract
import Testing

/// Handlers tested at router level (no socket): malformed input is a 4xx, never a 500.
@Suite("Router-level handlers") struct RouterTests {
    static let auth: HTTPFields = [.authorization: "Basic " + Data("bob:bob".utf8).base64EncodedString()]

    func withRouter(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = Application(router: buildRouter(hub: InMemoryNotificationHub()))
        try await app.test(.router, body)
    }

    @Test("Registering for Notifications, step 9 (Put): a body that is not a DeviceRegistration is 400")
    func badBody() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: Routes.registerPut.path(["id": "reg-1"]), method: .put, headers: Self.auth, body: ByteBuffer(string: "{\"Platform\":1}"))
            #expect(response.status == .badRequest)
        }
    }

    @Test("Sending Notifications, step 3: a send without its query parameters or with a non-JSON message is 400")
    func badSend() async throws {
        try await withRouter { client in
            let missing = try await client.execute(uri: Routes.notificationsPost.path(), method: .post, headers: Self.auth, body: ByteBuffer(string: "\"hi\""))
            #expect(missing.status == .badRequest)
            let raw = try await client.execute(uri: Routes.notificationsPost.path() + "?pns=apns&to_tag=bob", method: .post, headers: Self.auth, body: ByteBuffer(string: "hi"))
            #expect(raw.status == .badRequest)
        }
    }

    @Test("Registering for Notifications, step 9 (Post): the new id is returned as a JSON string")
    func postReturnsJSONString() async throws {
        try await withRouter { client in
            let response = try await client.execute(uri: Routes.registerPost.path(), method: .post, headers: Self.auth)
            #expect(response.status == .ok)
            let id = try JSONDecoder().decode(String.self, from: Data(String(buffer: response.body).utf8))
            #expect(id.hasPrefix("reg-") && UUID(uuidString: String(id.dropFirst(4))) != nil, "an unguessable id: \(id)")
        }
    }
}
