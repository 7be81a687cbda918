import Foundation
import StepwiseTestSupport
import Testing

/// The CI gate: baseline, suppressions and change-scoped checks on copies of the content.
@Suite(.serialized) struct CheckGateTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    /// A copy of `content/` with a baseline of its current findings.
    func baselinedCopy() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        let update = inDirectory(directory) { runStepwise(["check", "content", "--update-baseline"]) }
        #expect(update.status == 0)
        #expect(update.output.hasPrefix("wrote "))
        return directory
    }

    @Test("the seeds' existing findings baselined: the check passes and counts them as known")
    func baselinePasses() throws {
        let directory = try baselinedCopy()
        let result = inDirectory(directory) { runStepwise(["check", "content"]) }
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("0 errors, 0 warnings, 0 notes"))
        #expect(result.output.contains("known, 0 fixed"))
        #expect(inDirectory(directory) { runStepwise(["check", "content", "--no-baseline"]) }.status == 1)
    }

    @Test("the baseline file is sorted, stable and keyed by fingerprint, not line")
    func baselineFile() throws {
        let directory = try baselinedCopy()
        let url = directory.url.appendingPathComponent(".stepwise/baseline.json")
        let first = try Data(contentsOf: url)
        _ = inDirectory(directory) { runStepwise(["check", "content", "--update-baseline"]) }
        #expect(try Data(contentsOf: url) == first, "rewriting gives the same bytes")
        let object = try #require(try JSONSerialization.jsonObject(with: first) as? [String: Any])
        let entries = try #require(object["findings"] as? [[String: Any]])
        let keys = entries.map { "\($0["path"]!)|\($0["rule"]!)|\($0["fingerprint"]!)" }
        #expect(keys == keys.sorted())
        #expect(entries.allSatisfy { ($0["fingerprint"] as? String)?.count == 16 })
    }

    @Test("a new drift in a copy fails with exactly the new finding; known ones stay quiet")
    func newDriftFails() throws {
        let directory = try baselinedCopy()
        let file = directory.url.appendingPathComponent(Self.german)
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = text.replacingOccurrences(of: #"@"application/json;charset=utf-8""#, with: #"@"application/json;charset=Inhaltstyp""#)
        #expect(broken != text)
        try broken.write(to: file, atomically: true, encoding: .utf8)
        let result = inDirectory(directory) { runStepwise(["check", "content", "--format", "github"]) }
        #expect(result.status == 1)
        let annotations = result.output.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1)
        let line = try #require(broken.components(separatedBy: "\n").firstIndex { $0.contains("Inhaltstyp") }) + 1
        #expect(annotations.first?.hasPrefix("::error file=\(Self.german),line=\(line),col=1,title=code-drift::") == true)
    }

    @Test("lines inserted above a baselined finding leave it known")
    func shiftedLinesStayKnown() throws {
        let directory = try baselinedCopy()
        let file = directory.url.appendingPathComponent(Self.german)
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines.insert(contentsOf: ["", "Ein neuer Absatz über dem Code.", ""], at: 30)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = inDirectory(directory) { runStepwise(["check", "content"]) }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(", 0 fixed"))
    }

    @Test("fixing a baselined finding reports it as fixed, and --update-baseline prunes it")
    func fixedFinding() throws {
        let directory = try baselinedCopy()
        let file = directory.url.appendingPathComponent(Self.german)
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: #"stringWithFormat:@""%@"","#, with: #"stringWithFormat:@"\"%@\"","#).write(to: file, atomically: true, encoding: .utf8)
        let result = inDirectory(directory) { runStepwise(["check", "content"]) }
        #expect(result.status == 0)
        #expect(result.output.contains("fixed since the baseline"))
        #expect(result.output.contains("\(Self.german):402: code differs from the source"))
        _ = inDirectory(directory) { runStepwise(["check", "content", "--update-baseline"]) }
        #expect(!inDirectory(directory) { runStepwise(["check", "content"]) }.output.contains("fixed since the baseline"))
    }

    @Test("an inline suppression with a reason silences its sample; without a reason it is an error; unused is reported")
    func inlineSuppressions() throws {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        let file = directory.url.appendingPathComponent(Self.german)
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        lines.insert("   <!-- stepwise-ignore code-drift: escapes reviewed by the German team -->", at: 392)
        lines.insert("<!-- stepwise-ignore code-drift -->", at: 30)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let output = inDirectory(directory) { runStepwise(["check", "content", "--format", "json"]) }.output
        let findings = try #require((try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let german = findings.filter { $0["path"] as? String == Self.german }
        #expect(!german.contains { $0["rule"] as? String == "code-drift" })
        #expect(german.contains { $0["rule"] as? String == "suppression-invalid" && $0["line"] as? Int == 31 })
        #expect(output.contains("\"suppressed\" : 1"))
    }
}

/// Copies the repository's content into `directory/content`.
func copyContent(to directory: TemporaryDirectory) throws {
    try FileManager.default.copyItem(at: RepositoryFiles.content, to: directory.url.appendingPathComponent("content"))
}

/// Runs `body` with the current directory set to `directory` (tests of this suite run serially).
func inDirectory<T>(_ directory: TemporaryDirectory, _ body: () -> T) -> T {
    let previous = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(directory.url.path)
    defer { FileManager.default.changeCurrentDirectoryPath(previous) }
    return body()
}

@Suite(.serialized) struct CheckConfigurationTests {
    func run(_ config: String, _ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        try directory.write("stepwise.yml", config)
        return inDirectory(directory) { runStepwise(["check", "content", "--no-baseline"] + arguments) }
    }

    @Test("a rule turned off with a reason disappears; a changed severity applies")
    func overrides() throws {
        let result = try run("""
            check:
              rules:
                code-comments:
                  severity: off
                  reason: Translated comments are welcome.
                code-drift:
                  severity: note
                  reason: Drift is reviewed by hand this quarter.
            """, ["--format", "json"])
        #expect(!result.output.contains("\"rule\" : \"code-comments\""))
        #expect(result.output.contains("\"suppressed\" : 8"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let drift = (object["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "code-drift" }
        #expect(!drift.isEmpty && drift.allSatisfy { $0["severity"] as? String == "note" })
    }

    @Test("an override without a reason is an error at its line; an unused one is reported")
    func mistakes() throws {
        let missing = try run("check:\n  rules:\n    code-comments:\n      severity: off\n")
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("stepwise.yml:4:7: error: rule “code-comments” needs a reason"))
        #expect(missing.output.isEmpty)
        let unused = try run("check:\n  rules:\n    no-such-rule:\n      severity: off\n      reason: Testing.\n")
        #expect(unused.output.contains("stepwise.yml:3:5: warning: the override of “no-such-rule” matches no finding; remove it [suppression-unused]"))
    }
}
