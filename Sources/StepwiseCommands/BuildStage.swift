import Foundation
import Localization
import Site
import StepwiseDiagnostics
import StepwiseWorkspace
import Synchronization

/// One named stage of `stepwise build`, reported as `[i/n] name`.
struct BuildStage: Sendable {
    var name: String
    var run: @Sendable (BuildContext) throws -> Void

    /// The stages `stepwise build` runs, in order: the contract only where the configuration names its tutorial.
    static func stages(for context: BuildContext) -> [BuildStage] {
        context.contractTutorial == nil ? [.site] : [.swiftContract, .site]
    }
}

/// What every stage reads: the workspace, loaded once, and the drift checks of it, run once.
struct BuildContext: Sendable {
    var workspace: Workspace
    var report: CheckReport
    /// Where every stage reports its problems; printed and judged once, at the end of the build.
    var diagnostics: DiagnosticEngine
    /// The root as given on the command line, for paths shown to the user.
    var rootPath: String
    /// The tutorial the Swift contract comes from, relative to the content root; nil: no contract stage.
    var contractTutorial: String?
    /// The incremental build: pages kept from the last build (by document) and where to record this one.
    var incremental: IncrementalSite?
    /// The pages' "updated" dates from git, by document (empty: each page's `ms.date`).
    var lastUpdated: [String: String] = [:]
    /// The tables of contents of the workspace's content root, when the build read them already (see
    /// `SitePipeline.navigation(contentRoot:root:)`); nil: the site stage reads them.
    var navigation: SiteNavigation?
    /// Where the site stage reads the models of documents the workspace keeps outlines of (a cold
    /// build: see `SiteModels`); nil: the workspace's models.
    var models: SiteModels?
    /// Gets the summary of the site the site stage wrote.
    var onSite: @Sendable (SiteSummary) -> Void = { _ in }
    /// The build's last writes, which nothing the build reports depends on (the site cache, once the
    /// site is swapped in): they finish on another thread while the build reports its problems.
    var finishing = BuildFinishing()

    /// `component` below the root, as the user would write it.
    func path(_ component: String) -> String {
        rootPath == "." ? component : (rootPath as NSString).appendingPathComponent(component)
    }

    func url(_ component: String) -> URL {
        workspace.root.appendingPathComponent(component)
    }
}

/// Work a build started that must be done before it returns but that its report does not wait for
/// (see `BuildContext.finishing`): each piece starts at once, on another thread, and `wait()` joins
/// them all. With a single worker each runs when `wait()` is called, in the order started.
final class BuildFinishing: Sendable {
    private let started = Mutex<[Concurrently.Pending<Void>]>([])

    /// Starts `work` now on another thread.
    func start(_ work: @escaping @Sendable () -> Void) {
        let pending = Concurrently.start(work)
        started.withLock { $0.append(pending) }
    }

    /// Returns once every piece of work started is done.
    func wait() {
        for pending in started.withLock({ $0 }) { pending.value }
    }
}
