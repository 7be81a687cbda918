public import ArgumentParser
import Foundation
import StepwiseCommands

/// `stepwise-serve` (what `stepwise serve` runs): the site on localhost with live reload.
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stepwise-serve",
        abstract: "Build the site, serve it on localhost, rebuild it when its inputs change and reload the open page.",
        discussion: """
            Prints "Serving http://HOST:PORT/" first, builds as `stepwise build` does (in this process, through \
            the build cache), then looks for changed files in the content root, templates/ and stepwise.yml every \
            --interval milliseconds and rebuilds, one build at a time. Served pages get a small script that \
            reloads them after each rebuild (server-sent events at /__stepwise/events); the files on disk are \
            those of `stepwise build`. A failed rebuild prints its problems and keeps the previous site.
            """,
        version: "0.1.0")

    @OptionGroup var options: ServeOptions

    public init() {}

    /// Parses the process arguments and serves until interrupted (called by main.swift);
    /// usage errors exit with status 2, as `stepwise` does.
    public static func start() async {
        do {
            var command = try parseAsRoot(Array(CommandLine.arguments.dropFirst()))
            if let serve = command as? ServeCommand { try await serve.run() } else { try command.run() }
        } catch let failure as ServeFailure {
            FileHandle.standardError.write(Data("error: \(failure.message)\n".utf8))
            Foundation.exit(1)
        } catch {
            let code = exitCode(for: error)
            if code == .success { print(fullMessage(for: error)); Foundation.exit(0) }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(code == .validationFailure ? 2 : 1)
        }
    }

    public func run() async throws {
        do {
            try await SiteServer(options: options) { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }.run()
        } catch {
            throw ServeFailure(message: "cannot serve on \(options.host):\(options.port): \(error)")
        }
    }
}

/// What stops the server (the address is taken, say): printed as `error: …`, exit status 1.
struct ServeFailure: Error {
    var message: String
}
