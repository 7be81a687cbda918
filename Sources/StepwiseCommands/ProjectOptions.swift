public import ArgumentParser
import Foundation
public import StepwiseDiagnostics
import StepwiseWorkspace

/// Options of every command that reads a project: where it is, its configuration and content root.
struct ProjectOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The project root: the baseline, stepwise.yml, templates/ and generated/ are found from it, and files are named relative to it (default: the nearest folder, from here up, with a stepwise.yml, else here).",
        valueName: "root"))
    var root: String?

    @Option(help: "The project configuration, relative to the root.")
    var config: String = ProjectConfiguration.fileName

    @Option(help: "The content root holding one folder per locale (default: <root>/content when the paths are inside it, else found from each file's path).")
    var contentRoot: String?

    @Option(help: ArgumentHelp(
        "Threads for reading, modelling, checking and rendering (default: every core). The output is the same whatever the count.",
        valueName: "n"))
    var jobs: Int?

    /// Checks `--jobs` and applies it to the parallel stages of this run.
    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
        Parallelism.use(jobs ?? 0)
    }

    private static var workingDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true).standardizedFileURL
    }

    /// The root as an absolute URL: `--root` (taken from the working directory), else the nearest
    /// folder from the working directory up that has a `stepwise.yml`, else the working directory —
    /// so a command run from a subfolder of a project works on that project.
    var rootURL: URL {
        if let root { return URL(fileURLWithPath: root, isDirectory: true, relativeTo: Self.workingDirectory).standardizedFileURL }
        var folder = Self.workingDirectory
        while true {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(config).path) { return folder }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { return Self.workingDirectory }
            folder = parent
        }
    }

    /// The root as the user would write it, for messages.
    var rootPath: String {
        root ?? (rootURL == Self.workingDirectory ? "." : rootURL.path)
    }

    /// `path` made absolute: against the root; when the root was found above the working directory,
    /// a path that exists from the working directory (`stepwise check de-de/x.md` run inside content/) is taken from there.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        let here = Self.workingDirectory.appendingPathComponent(path).standardizedFileURL
        if root == nil, rootURL != Self.workingDirectory, FileManager.default.fileExists(atPath: here.path) { return here.path }
        return rootURL.appendingPathComponent(path).standardizedFileURL.path
    }

    /// `stepwise.yml`, read once; a mistake in it stops the run (status 2) before anything is read.
    func configuration() throws -> ProjectConfiguration {
        do {
            return try ProjectConfiguration.load(URL(fileURLWithPath: resolve(config)), displayPath: config)
        } catch {
            throw InputFailure(error.diagnostic, exitCode: 2)
        }
    }

    /// The build of this project (its content, `stepwise.yml`, the cache), to adjust and run.
    var buildAction: BuildAction {
        var action = BuildAction(root: rootURL)
        action.rootPath = rootPath
        action.configurationPath = config
        action.configurationFile = URL(fileURLWithPath: resolve(config))
        action.contentRoot = contentRoot.map { URL(fileURLWithPath: resolve($0), isDirectory: true) }
        action.content = URL(fileURLWithPath: resolve(contentRoot ?? "content"), isDirectory: true)
        return action
    }

    /// The loader of this project's documents.
    func loader(_ configuration: ProjectConfiguration, sourceLocale: String? = nil, sourceEdition: String? = nil) -> WorkspaceLoader {
        WorkspaceLoader(
            root: rootURL, configuration: configuration, contentRoot: contentRoot.map { URL(fileURLWithPath: resolve($0), isDirectory: true) },
            sourceLocale: sourceLocale, sourceEdition: sourceEdition)
    }
}

extension FailOn: ExpressibleByArgument {}
