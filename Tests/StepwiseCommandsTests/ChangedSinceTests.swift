import Foundation
import StepwiseTestSupport
import Testing

@Suite(.serialized) struct ChangedSinceTests {
    let swedish = "content/sv-se/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
    let english = "content/en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    /// A git repository holding a copy of the content, committed.
    func repository() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "content"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            process.currentDirectoryURL = directory.url
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        return directory
    }

    func append(_ text: String, to path: String, in directory: TemporaryDirectory) throws {
        let handle = try FileHandle(forWritingTo: directory.url.appendingPathComponent(path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    /// The documents checked and each finding as canonical JSON with its path.
    func findings(_ arguments: [String], in directory: TemporaryDirectory) throws -> (documents: Int, findings: [(path: String, json: String)]) {
        let output = runStepwise(in: directory, ["check", "content", "--format", "json", "--no-baseline"] + arguments).output
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]]).map { finding in
            (finding["path"] as? String ?? "", String(decoding: try JSONSerialization.data(withJSONObject: finding, options: .sortedKeys), as: UTF8.self))
        }
        return (summary["documents"] as? Int ?? -1, findings)
    }

    @Test("nothing changed: nothing is checked")
    func unchanged() throws {
        let directory = try repository()
        #expect(try findings(["--changed-since", "HEAD"], in: directory).documents == 0)
    }

    @Test("a changed translation is checked alone, with the same findings as a full check")
    func changedTranslation() throws {
        let directory = try repository()
        try append("\nTesta hello program igen.\n", to: swedish, in: directory)
        let scoped = try findings(["--changed-since", "HEAD"], in: directory)
        #expect(scoped.documents == 1)
        let full = try findings([], in: directory)
        let swedishFiles = Set(scoped.findings.map(\.path))
        #expect(swedishFiles.allSatisfy { $0.hasPrefix("content/sv-se/") })
        #expect(scoped.findings.map(\.json) == full.findings.filter { swedishFiles.contains($0.path) }.map(\.json))
        #expect(scoped.findings.contains { $0.json.contains("Testa hello program igen") || $0.json.contains("Testa the program igen") })
    }

    @Test("a changed source re-checks every translation and edition of it")
    func changedSource() throws {
        let directory = try repository()
        try append("\nA new closing sentence.\n", to: english, in: directory)
        #expect(try findings(["--changed-since", "HEAD"], in: directory).documents == 5)
    }

    @Test("a changed include re-checks the documents that include it, in every locale")
    func changedInclude() throws {
        let directory = try repository()
        try append("\nOne more line.\n", to: "content/fr-fr/includes/notification-hubs-aspnet-backend-notifyusers.md", in: directory)
        let scoped = try findings(["--changed-since", "HEAD"], in: directory)
        #expect(scoped.documents == 4, "de-de, sv-se, fr-fr and the 2014 edition include it by name")
    }

    @Test("a changed code file re-checks the documents whose code references name it")
    func changedCodeFile() throws {
        let directory = try repository()
        try directory.write("content/sv-se/code/Sample.cs", "var before = 1;\n")
        try append("\n[!code-csharp[main](../../code/Sample.cs)]\n", to: swedish, in: directory)
        for arguments in [["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "code"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            process.currentDirectoryURL = directory.url
            try process.run()
            process.waitUntilExit()
        }
        #expect(try findings(["--changed-since", "HEAD"], in: directory).documents == 0)
        try directory.write("content/sv-se/code/Sample.cs", "var after = 2;\n")
        #expect(try findings(["--changed-since", "HEAD"], in: directory).documents == 1)
    }

    @Test("an unknown revision is a usage error")
    func unknownRevision() throws {
        let directory = try repository()
        #expect(runStepwise(in: directory, ["check", "content", "--changed-since", "no-such-rev"]).status == 2)
    }
}
