public import Foundation
public import NotifyUsersContract
import Synchronization

/// Why the client could not register or send.
public enum RegisterClientError: Error, Hashable, Sendable {
    /// The backend answered with this status (the tutorial's `NSError` domain "Registration").
    case status(Int)
    case invalidURL(String)
    case notLoggedIn
}

/// The documented `RegisterClient`: gets or reuses a registration id, then creates or updates the
/// registration; on 410 Gone it registers once more.
/// Deviation: before that retry it forgets the stored id, so the retry asks for a new one (the
/// Objective-C sample retries with the same stale id).
public final class RegisterClient: RegisterClientProtocol, Sendable {
    public let endpoint: String
    public let transport: any HTTPTransport
    public let store: any KeyValueStore
    /// The platform the device registers for (the sample always sends `apns`).
    public let platform: Platform
    private let header = Mutex<String?>(nil)

    public init(endpoint: String, transport: any HTTPTransport, store: any KeyValueStore, platform: Platform = .apns) {
        self.endpoint = endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint
        self.transport = transport
        self.store = store
        self.platform = platform
    }

    public convenience init(endpoint: String) {
        self.init(endpoint: endpoint, transport: URLSessionTransport(), store: InMemoryKeyValueStore())
    }

    /// The base64 `user:password` credentials sent after `Basic ` (set by logging in).
    public var authenticationHeader: String? {
        get { header.withLock { $0 } }
        set { header.withLock { $0 = newValue } }
    }

    public func register(withDeviceToken token: Data, tags: Set<String>) async throws {
        try await tryToRegister(withDeviceToken: token, tags: tags, retry: RetryRule.maxRetries > 0)
    }

    public func tryToRegister(withDeviceToken token: Data, tags: Set<String>, retry: Bool) async throws {
        let deviceToken = DeviceTokenFormat.format(description: DeviceToken.description(of: token))
        let registrationId = try await retrieveOrRequestRegistrationId(withDeviceToken: deviceToken)
        let status = try await upsertRegistration(withRegistrationId: registrationId, deviceToken: deviceToken, tags: tags)
        switch status {
        case ContractStatus.ok.rawValue:
            return
        case RetryRule.retryStatus where retry:
            store.set(nil, forKey: ClientStorage.registrationIdLocalStorageKey)
            try await tryToRegister(withDeviceToken: token, tags: tags, retry: false)
        default:
            throw RegisterClientError.status(status)
        }
    }

    public func retrieveOrRequestRegistrationId(withDeviceToken token: String) async throws -> String {
        if let stored = store.string(forKey: ClientStorage.registrationIdLocalStorageKey) { return stored }
        let route = Routes.registerPost
        let request = HTTPRequestData(method: route.method, url: url(route, query: [token]), headers: try authorization())
        let response = try await transport.send(request)
        guard response.status == ContractStatus.ok.rawValue else { throw RegisterClientError.status(response.status) }
        let registrationId = RegistrationIdFormat.parse(String(decoding: response.body, as: UTF8.self))
        store.set(registrationId, forKey: ClientStorage.registrationIdLocalStorageKey)
        return registrationId
    }

    public func upsertRegistration(withRegistrationId registrationId: String, deviceToken token: String, tags: Set<String>) async throws -> Int {
        let route = Routes.registerPut
        let body = try JSONEncoder().encode(DeviceRegistration(platform: platform.rawValue, handle: token, tags: tags.sorted()))
        var headers = try authorization()
        headers[NotifyUsersContract.Headers.contentType] = ContentTypes.registerPut
        let parameters = [route.pathParameters()[0]: QueryEncoding.encode(registrationId)]
        return try await transport.send(HTTPRequestData(method: route.method, url: endpoint + route.path(parameters), headers: headers, body: body)).status
    }

    /// `Authorization: Basic <credentials>`.
    func authorization() throws -> [String: String] {
        guard let credentials = authenticationHeader else { throw RegisterClientError.notLoggedIn }
        return [NotifyUsersContract.Headers.authorization: "\(AuthenticationRule.scheme) \(credentials)"]
    }

    /// The route's URL with its query names paired with `values`, percent-encoded (a deviation: the
    /// tutorial pastes values into the URL as they are).
    func url(_ route: ContractRoute, query values: [String]) -> String {
        let pairs = zip(route.query, values).map { "\($0)=\(QueryEncoding.encode($1))" }
        return endpoint + route.path() + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
    }
}
