import Foundation
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersClientCommand
import NotifyUsersContract
import StepwiseTestSupport
import Synchronization
import Testing

/// Deviations that close abuse the tutorial's code allows, and the client's behaviour under faults.
@Suite struct AbuseTests {
    @Test("a user cannot change or delete another user's registration (403); the owner can")
    func ownership() async throws {
        try await Loopback.run { server in
            let (bob, _) = server.client(user: "bob")
            try await bob.register(withDeviceToken: Sample.token, tags: [])
            let id = try #require(await server.hub.registrations.keys.first)
            let body = #"{"Platform":"apns","Handle":"FFFF","Tags":[]}"#
            let put = try await server.request("PUT", "/api/register/\(id)", user: "mallory", headers: ["Content-Type": "application/json"], body: body)
            #expect(put.status == 403)
            #expect(try await server.request("DELETE", "/api/register/\(id)", user: "mallory").status == 403)
            #expect(await server.hub.registrations[id]?.handle == Sample.handle, "the registration is untouched")
            #expect(try await server.request("DELETE", "/api/register/\(id)", user: "bob").status == 200)
            #expect(await server.hub.registrations[id] == nil)
        }
    }

    @Test("registration ids are unguessable, not sequential")
    func unguessableIds() async throws {
        let hub = InMemoryNotificationHub()
        let ids = [await hub.createRegistrationId(), await hub.createRegistrationId()]
        #expect(ids[0] != ids[1])
        #expect(ids.allSatisfy { $0.hasPrefix("reg-") && UUID(uuidString: String($0.dropFirst(4))) != nil })
    }

    @Test("the hub keeps only its most recent sends: memory does not grow with every notification")
    func boundedHistory() async throws {
        let hub = InMemoryNotificationHub(sendHistoryLimit: 3)
        for index in 1...5 { _ = await hub.send("m\(index)", platform: .apns, tags: ["username:bob"]) }
        #expect(await hub.sends.map(\.payload) == ["m3", "m4", "m5"])
    }

    @Test("an idle connection is closed after the idle timeout")
    func idleConnectionClosed() async throws {
        let hub = InMemoryNotificationHub()
        let app = buildApplication(port: 0, hub: hub, idleTimeoutSeconds: 1)
        try await withTaskExecutorPreference(OffPoolExecutor.shared) {
            try await app.test(.live) { client in
                let socket = try IdleSocket(port: client.port!)
                defer { socket.close() }
                try await Task.sleep(for: .seconds(3))
                #expect(socket.isClosedByPeer(), "the server closed the idle connection")
            }
        }
    }

    @Test("notify-client: an unreachable backend is one error line and status 1; a refused send is status 1; usage is 2")
    func clientFailures() async throws {
        let errors = Mutex("")
        let report: (String) -> Void = { line in errors.withLock { $0 += line } }
        let down = await NotifyClient.run(arguments: ["send", "--endpoint", "http://127.0.0.1:1", "--user", "a", "--password", "a", "--to", "b", "--message", "hi"], error: report)
        #expect(down == 1)
        #expect(errors.withLock { $0 }.hasPrefix("error: cannot reach the backend: "))
        #expect(errors.withLock { $0 }.split(separator: "\n").count == 1)
        #expect(await NotifyClient.run(arguments: ["send", "--user", "a"], error: { _ in }) == 2)
        try await Loopback.run { server in
            let refused = await NotifyClient.run(
                arguments: ["send", "--endpoint", server.endpoint, "--user", "alice", "--password", "wrong", "--to", "bob", "--message", "hi"],
                error: { _ in })
            #expect(refused == 1, "a 403 on send is a failure")
        }
    }
}

/// A TCP connection that sends nothing.
final class IdleSocket: @unchecked Sendable {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    /// True when a read returns end of file at once (the peer closed the connection).
    func isClosedByPeer() -> Bool {
        var byte: UInt8 = 0
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        return recv(descriptor, &byte, 1, 0) == 0
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}

@Suite struct BodyLimitTests {
    @Test("a request body over the limit is 413, not read into memory")
    func oversizedBody() async throws {
        try await Loopback.run { server in
            let message = "\"" + String(repeating: "x", count: NotifyUsersRequestContext.bodyLimit + 1) + "\""
            let response = try await server.request(
                "POST", "/api/notifications?pns=apns&to_tag=bob", user: "alice", headers: ["Content-Type": "application/json"], body: message)
            #expect(response.status == 413)
            let small = try await server.request(
                "POST", "/api/notifications?pns=apns&to_tag=bob", user: "alice", headers: ["Content-Type": "application/json"], body: "\"hi\"")
            #expect(small.status == 200)
        }
    }
}
