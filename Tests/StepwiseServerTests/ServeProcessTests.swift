import Foundation
import StepwiseTestSupport
import Testing

extension Products {
    /// `stepwise`, when `stepwise-serve` was built beside it too.
    static var stepwiseAndServe: URL? { executable("stepwise-serve") == nil ? nil : stepwise }
}

@Suite(.timeLimit(.minutes(10))) struct ServeProcessTests {
    @Test("stepwise serve runs stepwise-serve: the address is the first line, then the built page is served",
          .enabled(if: Products.stepwiseAndServe != nil, "needs the stepwise and stepwise-serve executables beside the tests"))
    func throughStepwise() async throws {
        let project = try ServeProject(paragraph: "Served by the stepwise-serve process.")
        let process = Process()
        process.executableURL = Products.stepwiseAndServe
        process.arguments = ["serve", "--root", project.root.path, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let first = try await Self.firstLine(of: output.fileHandleForReading, from: process, seconds: 120)
        #expect(first.hasPrefix("Serving http://127.0.0.1:"), "\(first)")
        let port = try #require(Int(first.split(separator: ":").last?.filter(\.isNumber) ?? ""))
        let deadline = Date().addingTimeInterval(300)
        var reply = try await LoopbackHTTP.get(port: port, ServeProject.page)
        while !reply.body.contains("Served by the stepwise-serve process."), Date() < deadline {
            try await Task.sleep(for: .milliseconds(200))
            reply = try await LoopbackHTTP.get(port: port, ServeProject.page)
        }
        #expect(reply.status == 200)
        #expect(reply.body.contains("Served by the stepwise-serve process."))
        #expect(reply.body.contains("/__stepwise/events"))
    }

    /// The first line `handle` gives, read on a thread of its own; after `seconds`, `process` is
    /// stopped (which ends the read) and the wait fails.
    private static func firstLine(of handle: FileHandle, from process: Process, seconds: Double) async throws -> String {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask {
                try await withCheckedThrowingContinuation { continuation in
                    Thread {
                        var data = Data()
                        while !data.contains(UInt8(ascii: "\n")) {
                            let chunk = handle.availableData
                            if chunk.isEmpty { break }
                            data.append(chunk)
                        }
                        continuation.resume(returning: String(decoding: data, as: UTF8.self).components(separatedBy: "\n")[0])
                    }.start()
                }
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                process.terminate()
                throw LoopbackError.timedOut("the first line of stepwise serve")
            }
            let line = try await group.next() ?? ""
            group.cancelAll()
            return line
        }
    }
}
