public import ArgumentParser
import Foundation
import NotifyUsersClient
import NotifyUsersContract

/// `notify-client`: log in, register a device token, send a message — the iOS app's flow.
public struct NotifyClient: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "notify-client",
        abstract: "Talk to a Notify Users backend the way the tutorial's iOS app does.",
        subcommands: [Login.self, Register.self, Send.self])

    public init() {}

    /// Parses the process arguments and runs the command asynchronously (called by main.swift).
    public static func start() async {
        let run: () async -> Void = main
        await run()
    }
}

/// Options every subcommand shares: backend endpoint and credentials.
struct Connection: ParsableArguments {
    @Option(help: "The backend endpoint.")
    var endpoint: String = "http://127.0.0.1:8080"

    @Option(help: "User name.")
    var user: String

    @Option(help: "Password (the sample backend accepts it when it equals the user name).")
    var password: String

    @Option(help: "File that keeps the registration id between runs (the app's NSUserDefaults).")
    var store: String = ".notify-client.json"

    func client(platform: Platform = .apns) -> RegisterClient {
        let client = RegisterClient(endpoint: endpoint, transport: URLSessionTransport(), store: FileKeyValueStore(url: URL(fileURLWithPath: store)), platform: platform)
        client.authenticationHeader = Credentials.authenticationHeader(username: user, password: password)
        return client
    }
}

extension Platform: ExpressibleByArgument {}

struct Login: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the Authorization header the app builds at log-in.")
    @OptionGroup var connection: Connection

    func run() {
        print("\(NotifyUsersContract.Headers.authorization): \(AuthenticationRule.scheme) \(Credentials.authenticationHeader(username: connection.user, password: connection.password))")
    }
}

struct Register: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Log in and register a device token for the user.")
    @OptionGroup var connection: Connection

    @Option(help: "The device token in hex (as APNs gives it).")
    var token: String

    @Option(help: "The platform of the device.")
    var platform: Platform = .apns

    @Option(help: "Extra tags to register.")
    var tag: [String] = []

    func run() async throws {
        guard let data = DeviceToken.data(hex: token) else { throw ValidationError("--token must be hex.") }
        let client = connection.client(platform: platform)
        try await client.register(withDeviceToken: data, tags: Set(tag))
        print("registered \(client.store.string(forKey: ClientStorage.registrationIdLocalStorageKey) ?? "?") for \(connection.user)")
    }
}

struct Send: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send a message to a user via one or more platforms.")
    @OptionGroup var connection: Connection

    @Option(help: "The recipient's user name.")
    var to: String

    @Option(help: "The message.")
    var message: String

    @Option(help: "A platform to send through (repeat for several).")
    var via: [Platform] = [.apns]

    func run() async throws {
        let sender = NotificationSender(client: connection.client())
        for (platform, status) in try await sender.sendToEnabledPlatforms(message, recipient: to, enabled: Set(via)) {
            print("\(platform.rawValue): \(status)")
        }
    }
}
