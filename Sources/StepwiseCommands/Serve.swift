import ArgumentParser
import Foundation
import StepwiseDiagnostics

/// `stepwise serve`: runs `stepwise-serve`, the executable built next to this one that holds the
/// HTTP server, so that building `stepwise` never compiles Hummingbird and SwiftNIO.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it on localhost, rebuild it when its inputs change and reload the open page.",
        discussion: """
            Builds as `stepwise build` does, serves generated/site/ on http://127.0.0.1:PORT/ (the first line \
            printed), and looks for changes in the content root, templates/ and stepwise.yml every --interval \
            milliseconds: each change rebuilds in process, through the build cache, and reloads the open pages \
            (server-sent events). A failed rebuild keeps the previous site and prints its problems. The server \
            is the separate executable stepwise-serve, found next to stepwise \
            (swift build --product stepwise-serve).
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        try ServeExecutable.exec(try ServeExecutable.locate(in: ServeExecutable.folder), arguments: options.arguments)
    }
}

/// Where `stepwise-serve` is, and replacing this process with it.
enum ServeExecutable {
    static let name = "stepwise-serve"

    /// The folder of the running executable (`/proc/self/exe` on Linux, else the main bundle's).
    static var folder: URL {
        let linux = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let executable = linux.path == "/proc/self/exe" ? (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])) : linux
        return executable.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// `stepwise-serve` in `folder`; an error saying how to build it when it is not there.
    static func locate(in folder: URL) throws -> URL {
        let candidate = folder.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw InputFailure(.error(
                "serve-missing", at: nil, "stepwise-serve is not built next to stepwise (in \(folder.path))",
                fix: "run swift build --product stepwise-serve"))
        }
        return candidate
    }

    /// Replaces this process with `executable arguments…`; returns only by throwing when exec fails.
    static func exec(_ executable: URL, arguments: [String]) throws -> Never {
        fflush(nil)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, argv)
        throw InputFailure(.error("serve-failed", at: nil, "cannot run \(executable.path): \(String(cString: strerror(errno)))"))
    }
}
