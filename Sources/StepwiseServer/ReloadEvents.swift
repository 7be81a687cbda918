import Foundation
import Hummingbird
import Synchronization

/// The server-sent events of the open pages: `hello` (this server's id) when a page connects,
/// `reload` after each rebuild that wrote the site, `problems` (its errors, one per line) after one
/// that failed — and to a page that connects while the last build is a failed one. A lock, not an actor: serving an event stream
/// never waits for the shared concurrency pool, which long builds and tests may keep busy.
public final class ReloadEvents: Sendable {
    private struct State {
        var subscribers: [UUID: AsyncStream<String>.Continuation] = [:]
        var closed = false
        var generation = 0
        /// The `problems` event of the last build, when it failed.
        var problems: String?
    }

    /// This server's id: a page that reconnects and hears another one reloads.
    public let instance = UUID().uuidString
    private let state = Mutex(State())

    public init() {}

    /// How many reloads were sent.
    public var generation: Int { state.withLock { $0.generation } }

    /// Sends `reload` to every open page.
    public func reload() {
        state.withLock { state in
            state.generation += 1
            state.problems = nil
            for continuation in state.subscribers.values { continuation.yield("event: reload\ndata: \(state.generation)\n\n") }
        }
    }

    /// Sends the errors of a failed build to every open page, which shows them over the previous site.
    public func fail(_ problems: [String]) {
        let message = "event: problems\n" + problems.map { "data: \($0)\n" }.joined() + "\n"
        state.withLock { state in
            state.problems = message
            for continuation in state.subscribers.values { continuation.yield(message) }
        }
    }

    /// Ends every stream, and those opened later at once (the server is stopping).
    public func close() {
        let open = state.withLock { state in
            state.closed = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in open { continuation.finish() }
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
        let id = UUID()
        let added = state.withLock { state in
            guard !state.closed else { return false }
            state.subscribers[id] = continuation
            if let problems = state.problems { continuation.yield(problems) }
            return true
        }
        guard added else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    private func remove(_ id: UUID) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
}
