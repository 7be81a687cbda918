import Foundation
public import Site
public import StepwiseCommands
import Synchronization

/// One build of the site in this process: the library's build action, through the build cache.
public struct SiteBuild: Sendable {
    /// The exit status `stepwise build` would have.
    public var status: Int32
    /// What it printed on standard output (stages, summary; progress lines left out).
    public var output: [String]
    /// Its problems, `path:line:col: severity: message [id]`.
    public var problems: [String]
    /// The site it wrote; nil when it wrote none.
    public var summary: SiteSummary?

    /// True when the site stage wrote the site, whatever the status.
    public var wroteSite: Bool { summary != nil }

    /// Runs `action` on a thread of its own (it blocks), and returns what it did.
    public static func run(_ action: BuildAction) async -> SiteBuild {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: runNow(action)) }
            thread.stackSize = 16 << 20
            thread.start()
        }
    }

    private static func runNow(_ action: BuildAction) -> SiteBuild {
        let output = Mutex("")
        let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        let outcome = Console.$current.withValue(console) { action.run() }
        let printed = output.withLock { $0 }.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("  ") && !$0.contains("\r") }
        return SiteBuild(status: outcome.status, output: printed, problems: outcome.problems.map(\.formatted), summary: outcome.summary)
    }
}
