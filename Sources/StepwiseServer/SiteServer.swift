import Foundation
import Hummingbird
public import StepwiseCommands

/// `stepwise serve`'s work: serves the site, builds it, then rebuilds it whenever its inputs change
/// (one build at a time, through the build cache) and tells the open pages to reload.
public struct SiteServer: Sendable {
    /// What `ServeOptions` asks for, read once.
    struct Settings: Sendable {
        var host: String
        var port: Int
        var interval: Int
        var root: URL
        var site: URL
        var watched: [URL]
        var action: BuildAction
        var configuration: URL
    }

    let settings: Settings
    /// Where each line the server prints goes (standard output in `stepwise-serve`).
    public var log: @Sendable (String) -> Void
    /// Called after every build with what it did (tests wait on it).
    public var onBuild: @Sendable (SiteBuild) async -> Void = { _ in }
    public let events = ReloadEvents()
    /// Warnings printed after each build (every error is printed).
    static let warningsShown = 5

    public init(options: ServeOptions, log: @escaping @Sendable (String) -> Void) {
        self.settings = Settings(
            host: options.host, port: options.port, interval: options.interval, root: options.rootURL, site: options.site,
            watched: options.watched, action: options.buildAction, configuration: options.configurationFile)
        self.log = log
    }

    /// Serves until cancelled: prints `Serving http://HOST:PORT/` first, then builds and watches.
    /// `onServerRunning` gets the port the server listens on.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let (started, running) = AsyncStream.makeStream(of: Int.self)
        let host = settings.host.contains(":") ? "[\(settings.host)]" : settings.host
        let configuration = settings.configuration
        let app = buildApplication(
            host: settings.host, port: settings.port, site: settings.site, events: events,
            sitePath: { ServeOptions.sitePath(configuration: configuration) }
        ) { port in
            log("Serving http://\(host):\(port)/")
            running.yield(port)
            await onServerRunning(port)
        }
        do {
            try await serve(app, started: started)
        } catch {
            events.close()
            throw error
        }
        events.close()
    }

    private func serve(_ app: some ApplicationProtocol, started: AsyncStream<Int>) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            group.addTask {
                for await _ in started { break }
                try Task.checkCancellation()
                try await watch()
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Builds, then polls the inputs every `--interval`; a change that has settled rebuilds.
    private func watch() async throws {
        let poller = InputPoller(
            paths: settings.watched, excluded: ["generated", ".stepwise"].map { settings.root.appendingPathComponent($0) },
            interval: .milliseconds(settings.interval))
        var seen = poller.snapshot()
        await build()
        log("Watching \(settings.watched.map(\.lastPathComponent).joined(separator: ", ")) (every \(settings.interval) ms); Ctrl-C stops.")
        while true {
            try await poller.pause()
            guard poller.snapshot() != seen else { continue }
            let now = try await poller.settled()
            log("Changed: \(changes(from: seen, to: now)); rebuilding")
            seen = now
            await build()
        }
    }

    /// One build in process; the open pages reload when it wrote the site.
    private func build() async {
        let started = ContinuousClock.now
        let result = await SiteBuild.run(settings.action)
        report(result)
        let elapsed = (ContinuousClock.now - started).components
        let seconds = String(format: "%.1fs", Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18)
        if result.wroteSite {
            events.reload()
            log("Built in \(seconds); reloading open pages")
        } else {
            log("Build failed (status \(result.status)) in \(seconds); still serving the previous site")
            events.fail(Array(result.problems.filter { !$0.contains(": warning: ") }.prefix(50)))
        }
        await onBuild(result)
    }

    /// Prints the build's summary, every error and the first warnings.
    private func report(_ result: SiteBuild) {
        for line in result.output where !line.hasPrefix("[") { log(line) }
        let warnings = result.problems.filter { $0.contains(": warning: ") }
        for line in result.problems where !line.contains(": warning: ") { log(line) }
        for line in warnings.prefix(Self.warningsShown) { log(line) }
        if warnings.count > Self.warningsShown {
            log("… and \(warnings.count - Self.warningsShown) more warnings (stepwise build lists them all)")
        }
    }

    /// The changed files, named relative to the root (the first three, and how many more).
    private func changes(from old: SourceSnapshot, to new: SourceSnapshot) -> String {
        let root = settings.root.standardizedFileURL.path + "/"
        let changed = Set(old.files.keys).union(new.files.keys).filter { old.files[$0] != new.files[$0] }.sorted()
            .map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
        return changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
    }
}
