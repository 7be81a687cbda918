public import Foundation

/// The executables `swift build --build-tests` builds beside the test bundle.
public enum Products {
    /// The folder of the test bundle, where the package's executables are built too.
    public static var folder: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The executable `name` beside the tests, if it was built.
    public static func executable(_ name: String) -> URL? {
        let url = folder.appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    /// The `stepwise` executable beside the tests, if it was built.
    public static var stepwise: URL? { executable("stepwise") }

    /// Runs `stepwise` with `arguments` in a process of its own and waits for it: what a run with its
    /// own `--jobs` must be, since the worker count is the process's (an in-process run with `--jobs 1`
    /// sets it for every test running beside it, and theirs for it). Output and errors go through
    /// files, so that a large report cannot fill a pipe nobody reads yet. Nil when the executable
    /// was not built.
    public static func runStepwise(_ arguments: [String]) throws -> (status: Int32, output: String, error: String)? {
        guard let stepwise else { return nil }
        let folder = try TemporaryDirectory()
        let (output, error) = (folder.url.appendingPathComponent("output"), folder.url.appendingPathComponent("error"))
        try Data().write(to: output)
        try Data().write(to: error)
        let process = Process()
        process.executableURL = stepwise
        process.arguments = arguments
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: error)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: error, encoding: .utf8))
    }
}
