import Foundation
import Hummingbird

/// The server-sent events of the open pages: `hello` (this server's id) when a page connects, and
/// `reload` after each rebuild that wrote the site.
public actor ReloadEvents {
    /// This server's id: a page that reconnects and hears another one reloads.
    public nonisolated let instance = UUID().uuidString
    private var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
    private var closed = false
    /// How many reloads were sent.
    public private(set) var generation = 0

    public init() {}

    /// Sends `reload` to every open page.
    public func reload() {
        generation += 1
        send("event: reload\ndata: \(generation)\n\n")
    }

    /// Ends every stream, and those opened later at once (the server is stopping).
    public func close() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// The response of `GET /__stepwise/events`: a stream that starts with `hello`.
    func response() -> Response {
        let stream = subscribe()
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                for await message in stream { try await writer.write(ByteBuffer(string: message)) }
                try await writer.finish(nil)
            })
    }

    private func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        continuation.yield("retry: 1000\nevent: hello\ndata: \(instance)\n\n")
        guard !closed else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    private func remove(_ id: UUID) {
        subscribers[id] = nil
    }

    private func send(_ message: String) {
        for continuation in subscribers.values { continuation.yield(message) }
    }
}
