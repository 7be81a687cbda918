public import ArgumentParser
import Foundation
public import StepwiseDiagnostics
import StepwiseWorkspace

/// Options of every command that reads a project: where it is, its configuration and content root.
struct ProjectOptions: ParsableArguments {
    @Option(help: "The project root: PATHs, the baseline and stepwise.yml are found from it, and files are named relative to it.")
    var root: String = "."

    @Option(help: "The project configuration, relative to the root.")
    var config: String = ProjectConfiguration.fileName

    @Option(help: "The content root holding one folder per locale (default: <root>/content when the paths are inside it, else found from each file's path).")
    var contentRoot: String?

    /// The root as an absolute URL (a relative root is taken from the working directory, once).
    var rootURL: URL {
        URL(fileURLWithPath: root, isDirectory: true, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true))
            .standardizedFileURL
    }

    /// `path` made absolute against the root.
    func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : rootURL.appendingPathComponent(path).standardizedFileURL.path
    }

    /// `stepwise.yml`, read once; a mistake in it stops the run (status 2) before anything is read.
    func configuration() throws -> ProjectConfiguration {
        do {
            return try ProjectConfiguration.load(URL(fileURLWithPath: resolve(config)), displayPath: config)
        } catch {
            throw InputFailure(error.diagnostic, exitCode: 2)
        }
    }

    /// The loader of this project's documents.
    func loader(_ configuration: ProjectConfiguration, sourceLocale: String? = nil, sourceEdition: String? = nil) -> WorkspaceLoader {
        WorkspaceLoader(
            root: rootURL, configuration: configuration, contentRoot: contentRoot.map { URL(fileURLWithPath: resolve($0), isDirectory: true) },
            sourceLocale: sourceLocale, sourceEdition: sourceEdition)
    }
}

extension FailOn: ExpressibleByArgument {}
