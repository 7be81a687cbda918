public import ArgumentParser

/// The `stepwise` command: keeps tutorials and their code in sync.
public struct Stepwise: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "stepwise",
        abstract: "Keep tutorials and code in sync.",
        discussion: """
            Stepwise reads tutorial Markdown (DocFX/Azure dialects, every locale and edition) into a model \
            of sections, steps and code samples, repairing code that the Markdown broke.
            """,
        version: "0.1.0",
        subcommands: [Extract.self, Build.self])

    public init() {}

    /// Runs the command line and returns the process exit status: 0 success, 1 bad input, 2 usage error.
    public static func run(arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as InputFailure {
            return failure.exitCode
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Console.current.output(fullMessage(for: error) + "\n")
                return 0
            }
            Console.current.error(fullMessage(for: error) + "\n")
            return code == .validationFailure ? 2 : code.rawValue
        }
    }
}

/// Bad input already reported on standard error; carries the exit status.
struct InputFailure: Error {
    var exitCode: Int32 = 1
}
