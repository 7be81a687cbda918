import Foundation
import StepwiseCommands
import StepwiseServer
import StepwiseTestSupport
import Synchronization

/// A one-page project (the repository's templates, one English tutorial, a file beside the site
/// that must never be served) in a scratch folder.
final class ServeProject: @unchecked Sendable {
    let folder: TemporaryDirectory
    var root: URL { folder.url }
    var site: URL { root.appendingPathComponent("generated/site") }

    static let document = "content/en-us/articles/hello/hello-world.md"
    static let page = "/en-us/articles/hello/hello-world.html"
    static let secret = "TOP-SECRET-NOT-SERVED"

    init(paragraph: String = "The first version of this page.") throws {
        folder = try TemporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent("templates"), to: root.appendingPathComponent("templates"))
        try folder.write("stepwise.yml", "defaultLocale: en-us\nsiteURL: https://docs.example.org/\n")
        try folder.write("secret.txt", Self.secret + "\n")
        try write(paragraph: paragraph)
    }

    /// Rewrites the tutorial with `paragraph` as its introduction.
    func write(paragraph: String) throws {
        try folder.write(Self.document, """
            ---
            title: Hello, world
            ms.date: 11/25/2026
            ---
            # Hello, world

            \(paragraph)

            ## Create the project

            1. Create a file named `hello.swift`:

                ```swift
                print("Hello, world")
                ```

            """)
    }

    /// Serves the project in this process on a free port, runs `body`, then stops the server. The
    /// server and `body` run on a queue of their own (`OffPoolExecutor`), not on the pool that the
    /// synchronous tests running beside them may keep busy for minutes.
    func serving(_ body: (ServeSession) async throws -> Void) async throws {
        let options = try ServeOptions.parse(["--root", root.path, "--port", "0", "--interval", "100"])
        let session = ServeSession()
        var server = SiteServer(options: options) { line in session.record(line) }
        server.onBuild = { build in session.record(build) }
        let configured = server
        try await withTaskExecutorPreference(OffPoolExecutor.shared) {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await configured.run { port in session.started(port) } }
                try await session.waitForBuilds(1)
                try await body(session)
                group.cancelAll()
            }
        }
    }
}

/// What a running server printed and built, and its port.
final class ServeSession: Sendable {
    private let state = Mutex<(port: Int?, lines: [String], builds: [SiteBuild])>((nil, [], []))

    var port: Int { state.withLock { $0.port ?? 0 } }
    var lines: [String] { state.withLock { $0.lines } }
    var builds: [SiteBuild] { state.withLock { $0.builds } }

    func started(_ port: Int) { state.withLock { $0.port = port } }
    func record(_ line: String) { state.withLock { $0.lines.append(line) } }
    func record(_ build: SiteBuild) { state.withLock { $0.builds.append(build) } }

    /// Waits until `count` builds have finished (at most `seconds`).
    func waitForBuilds(_ count: Int, seconds: Double = 300) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while builds.count < count {
            guard Date() < deadline else { throw LoopbackError.timedOut("build \(count) (\(builds.count) so far)") }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    func get(_ target: String) async throws -> HTTPReply {
        try await LoopbackHTTP.get(port: port, target)
    }

    /// A connection to the live-reload events, once the server has said hello on it.
    func events() async throws -> LoopbackConnection {
        let connection = try LoopbackConnection(port: port)
        connection.send("GET /__stepwise/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        try await connection.wait(for: "event: hello\n", seconds: 60)
        return connection
    }
}
