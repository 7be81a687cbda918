public import ArgumentParser
import Foundation
import StepwiseDiagnostics

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
        subcommands: [Extract.self, Check.self, Merge.self, Diff.self, Align.self, Build.self, Serve.self])

    public init() {}

    /// Runs the command line as the `stepwise` tool, then exits with its status (see `run`). What the
    /// run discards at its end is left to the system to take back with the process (see
    /// `Concurrently.discard`).
    public static func main(arguments: [String]) -> Never {
        Concurrently.endsWithRun()
        Foundation.exit(run(arguments: arguments))
    }

    /// Runs the command line and returns the process exit status: 0 success, 1 bad input, 2 usage error.
    public static func run(arguments: [String]) -> Int32 {
        let status = runCommand(arguments)
        guard let failure = Console.failure.withLock({ $0 }) else { return status }
        Console.current.error("error: cannot write the output: \(failure)\n")
        return status == 0 ? 1 : status
    }

    private static func runCommand(_ arguments: [String]) -> Int32 {
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let failure as InputFailure {
            if let diagnostic = failure.diagnostic { Console.current.error(diagnostic.formatted + "\n") }
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

/// What ends a command early: its exit status, and the diagnostic to print (the one place fatal
/// problems are printed); nil when everything was already reported through the diagnostics engine.
struct InputFailure: Error {
    var diagnostic: Diagnostic?
    var exitCode: Int32 = 1

    init(_ diagnostic: Diagnostic? = nil, exitCode: Int32 = 1) {
        self.diagnostic = diagnostic
        self.exitCode = exitCode
    }

    init(exitCode: Int32) {
        self.init(nil, exitCode: exitCode)
    }
}
