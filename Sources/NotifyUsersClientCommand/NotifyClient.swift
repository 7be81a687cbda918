public import ArgumentParser
import Foundation
import NotifyUsersClient
import NotifyUsersContract

/// `notify-client`: log in, register a device token, send a message — the iOS app's flow.
public struct NotifyClient: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "notify-client",
        abstract: "Talk to a Notify Users backend the way the tutorial's iOS app does.",
        discussion: "Exit status: 0 success, 1 when the backend refused or could not be reached, 2 for usage errors.",
        version: "0.1.0",
        subcommands: [Login.self, Register.self, Send.self])

    public init() {}

    /// Parses the process arguments and runs the command (called by main.swift); exits with its status.
    public static func start() async {
        Foundation.exit(await run(arguments: Array(CommandLine.arguments.dropFirst()), error: { FileHandle.standardError.write(Data($0.utf8)) }))
    }

    /// Runs `arguments`; problems are one `error: …` line on `error`. Returns the exit status.
    public static func run(arguments: [String], error report: (String) -> Void) async -> Int32 {
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            let code = exitCode(for: error)
            if code == .success { print(fullMessage(for: error)); return 0 }
            report(fullMessage(for: error) + "\n")
            return 2
        }
        do {
            if var asynchronous = command as? any AsyncParsableCommand { try await asynchronous.run() } else { try command.run() }
            return 0
        } catch let error as ValidationError {
            report("error: \(error.message)\n")
            return 2
        } catch {
            report("error: \(describe(error))\n")
            return 1
        }
    }

    /// The reason phrase of a status the backend uses.
    static func statusName(_ status: Int) -> String {
        [400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone", 500: "Internal Server Error"][status] ?? ""
    }

    /// One line for a failure: the backend's status, or why the backend could not be reached.
    static func describe(_ error: any Error) -> String {
        switch error {
        case RegisterClientError.status(let status): "the backend answered \(status) \(statusName(status))"
        case RegisterClientError.invalidURL(let url): "not a valid endpoint URL: \(url)"
        case RegisterClientError.notLoggedIn: "not logged in: give --user and --password"
        case let failure as SendFailure: failure.message
        default: "cannot reach the backend: \((error as NSError).localizedDescription)"
        }
    }
}

/// A send that the backend refused for some platform.
struct SendFailure: Error {
    var message: String
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
        let results = try await sender.sendToEnabledPlatforms(message, recipient: to, enabled: Set(via))
        for (platform, status) in results {
            print("\(platform.rawValue): \(status)")
        }
        let refused = results.filter { $0.status != ContractStatus.ok.rawValue }
        guard refused.isEmpty else {
            throw SendFailure(message: "the backend refused the send: " + refused.map { "\($0.platform.rawValue) \($0.status) \(NotifyClient.statusName($0.status))" }.joined(separator: ", "))
        }
    }
}
