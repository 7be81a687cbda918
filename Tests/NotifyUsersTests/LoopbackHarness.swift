import Foundation
import Hummingbird
import HummingbirdTesting
import NotifyUsersBackend
import NotifyUsersClient
import NotifyUsersContract
import StepwiseTestSupport
import Synchronization

/// A transport that records every request before sending it through the real one.
final class RecordingTransport: HTTPTransport {
    let base: any HTTPTransport
    private let log = Mutex<[HTTPRequestData]>([])

    init(_ base: any HTTPTransport = URLSessionTransport(timeout: Loopback.timeout)) {
        self.base = base
    }

    var requests: [HTTPRequestData] { log.withLock { $0 } }

    func count(_ method: String, _ route: ContractRoute) -> Int {
        requests.filter { request in
            guard request.method == method, let path = URL(string: request.url)?.path else { return false }
            let segments = path.split(separator: "/").map(String.init)
            return segments.count == route.segments.count
                && zip(segments, route.segments).allSatisfy { $0 == $1 || $1.hasPrefix("{") }
        }.count
    }

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        log.withLock { $0.append(request) }
        return try await base.send(request)
    }
}

/// A server on a free loopback port with the in-memory hub, and a factory for real clients.
struct Loopback: Sendable {
    /// How long a request waits for the server. The server runs on a queue of its own
    /// (`OffPoolExecutor`), not on Swift's cooperative pool, which the synchronous tests beside it keep
    /// busy while they run `stepwise` (on a loaded 2-core machine a request once failed with
    /// URLRequest's default 60-second timeout while a dozen such tests ended together after 61 s);
    /// the long timeout stays because these tests prove what the server answers, not how soon.
    static let timeout: TimeInterval = 900

    let endpoint: String
    let hub: InMemoryNotificationHub

    /// Starts the backend on port 0, runs `body`, stops the server; all of it on `OffPoolExecutor`.
    static func run(_ body: @Sendable (Loopback) async throws -> Void) async throws {
        let hub = InMemoryNotificationHub()
        let app = buildApplication(port: 0, hub: hub)
        try await withTaskExecutorPreference(OffPoolExecutor.shared) {
            try await app.test(.live) { client in
                try await body(Loopback(endpoint: "http://127.0.0.1:\(client.port!)", hub: hub))
            }
        }
    }

    /// A logged-in client with its own store, recording its requests.
    func client(user: String, password: String? = nil, platform: Platform = .apns, store: InMemoryKeyValueStore = InMemoryKeyValueStore()) -> (RegisterClient, RecordingTransport) {
        let transport = RecordingTransport()
        let client = RegisterClient(endpoint: endpoint, transport: transport, store: store, platform: platform)
        client.authenticationHeader = Credentials.authenticationHeader(username: user, password: password ?? user)
        return (client, transport)
    }

    /// A raw request through the real transport.
    func request(_ method: String, _ path: String, user: String? = "carol", headers: [String: String] = [:], body: String? = nil) async throws -> HTTPResponseData {
        var all = headers
        if let user { all["Authorization"] = "Basic " + Credentials.authenticationHeader(username: user, password: user) }
        return try await URLSessionTransport(timeout: Self.timeout).send(HTTPRequestData(method: method, url: endpoint + path, headers: all, body: body.map { Data($0.utf8) }))
    }
}

/// A sample APNs device token and its documented handle form.
enum Sample {
    static let token = Data([0x0a, 0x1b, 0x2c, 0x3d, 0x4e, 0x5f, 0x60, 0x71, 0x82])
    static let handle = "0A1B2C3D4E5F607182"
}
