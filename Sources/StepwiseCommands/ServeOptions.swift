public import ArgumentParser
public import Foundation
import Site
import StepwiseWorkspace

/// Options of `stepwise serve` and of `stepwise-serve`, which it runs: the project, where to listen,
/// how often to look for changes.
public struct ServeOptions: ParsableArguments {
    @OptionGroup var project: ProjectOptions

    @Option(help: "The port to listen on (0 picks a free one).")
    public var port: Int = 8000

    @Option(help: "The address to listen on.")
    public var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("How often to look for changed files, in milliseconds.", valueName: "ms"))
    public var interval: Int = 400

    @Flag(help: "Neither read nor write the cache (.stepwise/cache/): every rebuild renders every page afresh.")
    public var noCache = false

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard interval >= 50 else { throw ValidationError("--interval must be at least 50 (milliseconds).") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--root '\(project.rootPath)' is not a directory.")
        }
    }

    /// The same options as arguments, for `stepwise-serve`.
    public var arguments: [String] {
        projectArguments + ["--port", String(port), "--host", host, "--interval", String(interval)] + (noCache ? ["--no-cache"] : [])
    }

    /// The build every (re)build runs, in process: `stepwise build` with these project options.
    public var buildAction: BuildAction {
        var action = project.buildAction
        action.useCache = !noCache
        return action
    }

    /// The project root, as an absolute URL.
    public var rootURL: URL { project.rootURL }

    /// The folder served: the site `stepwise build` writes.
    public var site: URL { rootURL.appendingPathComponent("generated/site", isDirectory: true) }

    /// The configuration file (`stepwise.yml`).
    public var configurationFile: URL { URL(fileURLWithPath: project.resolve(project.config)) }

    /// The path the site is published at on its server, from `siteURL` in `configuration` as it is
    /// now (`/` when it cannot be read): where the 404 page's links start.
    public static func sitePath(configuration: URL) -> String {
        guard let read = try? ProjectConfiguration.load(configuration, displayPath: configuration.lastPathComponent) else { return "/" }
        return SiteConfiguration.path(of: read.siteURL)
    }

    /// What the site is built from: the content root, `templates/` and the configuration file.
    public var watched: [URL] {
        [
            URL(fileURLWithPath: project.resolve(project.contentRoot ?? "content"), isDirectory: true),
            rootURL.appendingPathComponent("templates", isDirectory: true),
            URL(fileURLWithPath: project.resolve(project.config)),
        ]
    }

    private var projectArguments: [String] {
        ["--root", rootURL.path, "--config", project.config]
            + (project.contentRoot.map { ["--content-root", project.resolve($0)] } ?? [])
            + (project.jobs.map { ["--jobs", String($0)] } ?? [])
    }
}
