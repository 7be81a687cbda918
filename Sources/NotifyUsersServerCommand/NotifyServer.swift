public import ArgumentParser
import Foundation
import NotifyUsersBackend

/// `notify-server`: the reference backend with the in-memory hub; prints each delivered notification.
public struct NotifyServer: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "notify-server",
        abstract: "Run the reference Notify Users backend (in-memory notification hub).",
        version: "0.1.0")

    @Option(help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    public init() {}

    /// Parses the process arguments and runs the command asynchronously (called by main.swift).
    /// Usage errors exit with status 2, as `stepwise` and `notify-client` do.
    public static func start() async {
        do {
            var command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            if var server = command as? NotifyServer { try await server.run() } else { try command.run() }
        } catch {
            let code = exitCode(for: error)
            if code == .success { print(fullMessage(for: error)); Foundation.exit(0) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
    }

    public func run() async throws {
        let hub = InMemoryNotificationHub { send in
            say("send \(send.platform.rawValue) to \(send.tags) → delivered to \(send.deliveredTo): \(send.payload)")
        }
        let host = host
        let app = buildApplication(host: host, port: port, hub: hub) { port in
            say("notify-server listening on http://\(host):\(port)")
        }
        try await app.runService()
    }
}

/// Writes a line to standard output unbuffered, so a person watching a redirected log sees it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
