import Foundation
@testable import StepwiseCommands
import Synchronization
import Testing

@Suite struct ServeCommandTests {
    @Test("stepwise serve without stepwise-serve beside it says how to build it")
    func missingServer() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-serve-missing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let error = #expect(throws: InputFailure.self) { try ServeExecutable.locate(in: empty) }
        let message = error?.diagnostic?.formatted ?? ""
        #expect(message.hasPrefix("error: stepwise-serve is not built next to stepwise"), "\(message)")
        #expect(message.contains("swift build --product stepwise-serve"), "\(message)")
    }

    @Test("stepwise-serve is found when it is an executable beside stepwise")
    func foundServer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-serve-found-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = folder.appendingPathComponent("stepwise-serve")
        try Data("#!/bin/sh\n".utf8).write(to: server)
        #expect(throws: InputFailure.self) { try ServeExecutable.locate(in: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: server.path)
        #expect(try ServeExecutable.locate(in: folder) == server)
    }

    @Test("the options handed to stepwise-serve parse back to the same options")
    func argumentsRoundTrip() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("stepwise-serve-options-\(UUID().uuidString)").standardizedFileURL
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        let root = project.path
        let options = try ServeOptions.parse(["--root", root, "--port", "0", "--jobs", "2", "--interval", "250", "--no-cache"])
        let again = try ServeOptions.parse(options.arguments)
        #expect(again.arguments == options.arguments)
        #expect(again.port == 0 && again.interval == 250 && again.noCache)
        let action = options.buildAction
        #expect(action.root.path == root && action.configurationFile.path == root + "/stepwise.yml" && action.content.path == root + "/content")
        #expect(!action.useCache && action.failOn == .error && action.tutorial == nil)
        #expect(options.watched.map(\.path) == [root + "/content", root + "/templates", root + "/stepwise.yml"])
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--root", root, "--port", "70000"]) }
        #expect(throws: (any Error).self) { try ServeOptions.parse(["--root", root + "/missing"]) }
    }

    @Test("stepwise serve --help describes the server and how it is built")
    func help() {
        let output = Mutex("")
        let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in output.withLock { $0 += text } })
        let status = Console.$current.withValue(console) { Stepwise.run(arguments: ["serve", "--help"]) }
        #expect(status == 0)
        let text = output.withLock { $0 }
        #expect(text.contains("--port"))
        #expect(text.contains("swift build --product stepwise-serve"))
    }
}
