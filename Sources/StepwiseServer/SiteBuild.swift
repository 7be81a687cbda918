import Foundation
import StepwiseCommands
import Synchronization

/// One run of `stepwise build` in this process: the library's command, through the build cache.
public struct SiteBuild: Sendable {
    /// The exit status `stepwise build` would have.
    public var status: Int32
    /// What it printed on standard output (stages, summary; progress lines left out).
    public var output: [String]
    /// Its problems, `path:line:col: severity: message [id]`.
    public var problems: [String]

    /// True when the site stage wrote the site (it prints its summary), whatever the status.
    public var wroteSite: Bool { output.contains { $0.hasPrefix("site: ") } }

    /// Runs `stepwise <arguments>` on a thread of its own (it blocks), and returns what it did.
    static func run(_ arguments: [String]) async -> SiteBuild {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: runNow(arguments)) }
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    private static func runNow(_ arguments: [String]) -> SiteBuild {
        let output = Mutex(""), errors = Mutex("")
        let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in errors.withLock { $0 += text } })
        let status = Console.$current.withValue(console) { Stepwise.run(arguments: arguments) }
        let printed = output.withLock { $0 }.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") && !$0.contains("\r") }
        let problems = errors.withLock { $0 }.split(separator: "\n").map(String.init)
        return SiteBuild(status: status, output: printed, problems: problems)
    }
}
