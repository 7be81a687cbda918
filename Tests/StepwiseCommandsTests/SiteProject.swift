import Foundation
import StepwiseTestSupport

/// A copy of the project's inputs (content/, templates/, stepwise.yml) in a scratch folder, built with `stepwise build`.
final class SiteProject: @unchecked Sendable {
    let folder: TemporaryDirectory
    var site: URL { folder.url.appendingPathComponent("generated/site") }

    init() throws {
        folder = try TemporaryDirectory()
        for item in ["content", "templates", "stepwise.yml"] {
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent(item), to: folder.url.appendingPathComponent(item))
        }
    }

    /// Appends `text` to the project's file at `path` (relative to its folder).
    func append(_ path: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(path)
        try (try String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    func build() -> (status: Int32, output: String, error: String) {
        runStepwise(["build", "--root", folder.url.path])
    }

    /// Every file of a site tree, path → bytes.
    static func files(in root: URL) throws -> [String: Data] {
        try RepositoryFiles.tree(at: root)
    }

    /// Runs a program and returns its exit status and combined output.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
