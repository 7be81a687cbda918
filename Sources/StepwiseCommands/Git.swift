import StepwiseDiagnostics
import Foundation

/// Runs git and returns its standard output; failures are input errors naming git's message.
enum Git {
    static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let summary = "git \(arguments.joined(separator: " ")): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
            throw InputFailure(.error("git-failed", at: nil, summary), exitCode: 2)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
