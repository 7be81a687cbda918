import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transport: `URLSession`.
public struct URLSessionTransport: HTTPTransport {
    /// How long (in seconds) a request may wait for the server before it fails with `NSURLErrorTimedOut`.
    public var timeout: Double

    /// `timeout`: 60 seconds by default, `URLRequest`'s own default.
    public init(timeout: Double = 60) {
        self.timeout = timeout
    }

    public func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        guard let url = URL(string: request.url) else { throw RegisterClientError.invalidURL(request.url) }
        var urlRequest = URLRequest(url: url)
        // Set through the property, and for the session: swift-corelibs-foundation applies a request's
        // own timeout only when it was set so (one given to `URLRequest(url:timeoutInterval:)` is
        // ignored, the session's 60 seconds applying instead).
        urlRequest.timeoutInterval = timeout
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(for: urlRequest)
        return HTTPResponseData(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}
