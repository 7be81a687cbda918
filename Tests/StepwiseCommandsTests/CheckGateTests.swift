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
        let update = runStepwise(in: directory, ["check", "content", "--update-baseline"])
        #expect(update.status == 0)
        #expect(update.output.hasPrefix("wrote "))
        return directory
    }

    @Test("the seeds' existing findings baselined: the check passes and counts them as known")
    func baselinePasses() throws {
        let directory = try baselinedCopy()
        let result = runStepwise(in: directory, ["check", "content"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("0 errors, 0 warnings, 0 notes"))
        #expect(result.output.contains("known, 0 fixed"))
        #expect(runStepwise(in: directory, ["check", "content", "--no-baseline"]).status == 1)
    }

    @Test("a malformed baseline (read beside the check) is an input error naming the file, with or without the cache; --no-baseline does not read it")
    func malformedBaseline() throws {
        let directory = try baselinedCopy()
        try "{\"schema\": \"stepwise.baseline/1\", \"findings\": [{\"rule\": 3}]}".write(
            to: directory.url.appendingPathComponent(".stepwise/baseline.json"), atomically: true, encoding: .utf8)
        for arguments in [["check", "content"], ["check", "content", "--no-cache"]] {
            let result = runStepwise(in: directory, arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.error.contains(".stepwise/baseline.json:1:1: error: cannot read the baseline"), "\(arguments)")
            #expect(!result.output.contains("0 errors"), "nothing reported as if the baseline were read")
        }
        #expect(runStepwise(in: directory, ["check", "content", "--no-baseline"]).status == 1, "the seeds' findings, unbaselined")
        #expect(!runStepwise(in: directory, ["check", "content", "--no-baseline"]).error.contains("cannot read the baseline"))
    }

    @Test("the baseline file is sorted, stable and keyed by fingerprint, not line")
    func baselineFile() throws {
        let directory = try baselinedCopy()
        let url = directory.url.appendingPathComponent(".stepwise/baseline.json")
        let first = try Data(contentsOf: url)
        _ = runStepwise(in: directory, ["check", "content", "--update-baseline"])
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
        let result = runStepwise(in: directory, ["check", "content", "--format", "github"])
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
        let result = runStepwise(in: directory, ["check", "content"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(", 0 fixed"))
    }

    @Test("fixing a baselined finding reports it as fixed, and --update-baseline prunes it")
    func fixedFinding() throws {
        let directory = try baselinedCopy()
        let file = directory.url.appendingPathComponent(Self.german)
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: #"stringWithFormat:@""%@"","#, with: #"stringWithFormat:@"\"%@\"","#).write(to: file, atomically: true, encoding: .utf8)
        let result = runStepwise(in: directory, ["check", "content"])
        #expect(result.status == 0)
        #expect(result.output.contains("fixed since the baseline"))
        #expect(result.output.contains("\(Self.german):402: code differs from the source"))
        _ = runStepwise(in: directory, ["check", "content", "--update-baseline"])
        #expect(!runStepwise(in: directory, ["check", "content"]).output.contains("fixed since the baseline"))
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
        let output = runStepwise(in: directory, ["check", "content", "--format", "json"]).output
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

/// Runs a stepwise command with `--root` set to `directory` (never changing the process's
/// current directory, which other tests share).
func runStepwise(in directory: TemporaryDirectory, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
    runStepwise([arguments[0], "--root", directory.url.path] + arguments.dropFirst())
}

@Suite struct GeneratedStaleTests {
    @Test("a template change makes the committed generated/site stale: every changed page is an error")
    func staleSite() throws {
        let directory = try project()
        for item in ["templates", "generated/site"] {
            try FileManager.default.copyItem(at: RepositoryFiles.root.appendingPathComponent(item), to: directory.url.appendingPathComponent(item))
        }
        #expect(runStepwise(in: directory, ["check", "content", "--update-baseline"]).status == 0)
        #expect(runStepwise(in: directory, ["check", "content"]).status == 0, "the committed site is fresh")
        let sitemap = directory.url.appendingPathComponent("templates/sitemap.mustache")
        try (String(contentsOf: sitemap, encoding: .utf8) + "\n").write(to: sitemap, atomically: true, encoding: .utf8)
        let result = runStepwise(in: directory, ["check", "content"])
        #expect(result.status == 1)
        #expect(result.output.contains("generated/site/sitemap.xml:1:1: error: generated file differs from a fresh build (run `swift run stepwise build`) [generated-stale]"))
    }

    /// A project copy: content, its configuration (which names the contract tutorial) and the committed generated Swift.
    func project() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        try FileManager.default.copyItem(
            at: RepositoryFiles.root.appendingPathComponent("stepwise.yml"), to: directory.url.appendingPathComponent("stepwise.yml"))
        try FileManager.default.createDirectory(at: directory.url.appendingPathComponent("generated"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: RepositoryFiles.root.appendingPathComponent("generated/swift"), to: directory.url.appendingPathComponent("generated/swift"))
        return directory
    }

    @Test("a changed documented fact makes generated/swift stale: an error even with a baseline, naming the fact and the command")
    func staleContract() throws {
        let directory = try project()
        #expect(runStepwise(in: directory, ["check", "content", "--update-baseline"]).status == 0)
        #expect(runStepwise(in: directory, ["check", "content"]).status == 0, "fresh output passes")
        let english = directory.url.appendingPathComponent("content/" + RepositoryFiles.seeds[0].path)
        let text = try String(contentsOf: english, encoding: .utf8)
        let changed = text.replacingOccurrences(of: #""username:" + "#, with: #""user:" + "#)
        #expect(changed != text)
        try changed.write(to: english, atomically: true, encoding: .utf8)
        #expect(runStepwise(in: directory, ["check", "content", "--update-baseline"]).status == 0, "the drift findings may be accepted…")
        let result = runStepwise(in: directory, ["check", "content"])
        #expect(result.status == 1, "…but stale generated output never is")
        let stale = result.output.split(separator: "\n").filter { $0.hasSuffix("[generated-stale]") }
        #expect(!stale.isEmpty)
        #expect(stale.allSatisfy { $0.hasPrefix("generated/swift/") && $0.contains("error: ") && $0.contains("run `swift run stepwise build`") })
        #expect(stale.contains { $0.contains("user:") })
    }
}

@Suite struct IndentedSuppressionTests {
    static let german = "content/de-de/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"

    private func findings(in directory: TemporaryDirectory, path: String) throws -> [[String: Any]] {
        let result = runStepwise(in: directory, ["check", "content", "--no-baseline", "--format", "json", "--fail-on", "never"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(object["findings"] as? [[String: Any]]).filter { $0["path"] as? String == path }
    }

    @Test("a suppression indented like the code sample it precedes covers that sample and is not read as code")
    func indentedSuppression() throws {
        let directory = try TemporaryDirectory()
        try copyContent(to: directory)
        let before = try findings(in: directory, path: Self.german)
        #expect(before.contains { $0["rule"] as? String == "code-drift" })
        let file = directory.url.appendingPathComponent(Self.german)
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasSuffix("-(void)SendToEnabledPlatforms") })
        lines.insert("\t\t<!-- stepwise-ignore code-drift: the German team keeps these escapes -->", at: start)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let after = try findings(in: directory, path: Self.german)
        #expect(!after.contains { $0["rule"] as? String == "code-drift" }, "the drift is suppressed")
        #expect(!after.contains { ($0["rule"] as? String ?? "").hasPrefix("suppression-") })
        #expect(after.count == before.count - 1, "nothing else changed: the comment did not become code")
    }
}

/// Suppression comments in every place the README names, on a crafted source and translation whose
/// translated samples drifted: before a fenced sample, before an indented one, inside a list item.
@Suite struct SuppressionPlacementTests {
    static let source = """
        ---
        title: Send
        ms.assetid: 5e1d
        ---
        # Send

        ## Register

        Paste this into **Program.cs**:

        ```csharp
        var hub = NotificationHubClient.CreateClientFromConnectionString(connection, "hub");
        await hub.SendWindowsNativeNotificationAsync(toast);
        ```

        1. In **Startup.cs**, add the route:

            ```csharp
            routes.MapRoute("register", "api/register/{id}");
            ```

        2. Run it:

                dotnet run --project Backend

        """

    /// The translation with each sample drifted (a changed string or name), and `marks` inserted
    /// before the lines that open the samples (fence, list-item fence, indented code).
    static func translation(marks: [String: String] = [:]) -> String {
        let lines = """
            ---
            title: Senden
            ms.assetid: 5e1d
            ---
            # Senden

            ## Registrieren

            Fügen Sie dies in **Program.cs** ein:

            ```csharp
            var hub = NotificationHubClient.CreateClientFromConnectionString(connection, "nabe");
            await hub.SendWindowsNativeNotificationAsync(toast);
            ```

            1. Fügen Sie in **Startup.cs** die Route hinzu:

                ```csharp
                routes.MapRoute("registrieren", "api/register/{id}");
                ```

            2. Führen Sie es aus:

                    dotnet run --project Hintergrund

            """.components(separatedBy: "\n")
        var result: [String] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let key = trimmed.hasPrefix("```csharp") ? (line.hasPrefix(" ") ? "list" : "fenced") : trimmed.hasPrefix("dotnet run") ? "indented" : nil
            if let key, let mark = marks[key] {
                result.append(String(line.prefix { $0 == " " }) + mark)
            }
            result.append(line)
        }
        return result.joined(separator: "\n")
    }

    private func driftLines(marks: [String: String]) throws -> (drift: [Int], other: [String]) {
        let directory = try TemporaryDirectory()
        try directory.write("stepwise.yml", "defaultLocale: en-us\n")
        try directory.write("content/en-us/articles/send.md", Self.source)
        try directory.write("content/de-de/articles/send.md", Self.translation(marks: marks))
        let result = runStepwise(in: directory, ["check", "content", "--no-baseline", "--format", "json", "--fail-on", "never"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]]).filter { $0["path"] as? String == "content/de-de/articles/send.md" }
        let drift = findings.filter { $0["rule"] as? String == "code-drift" }.compactMap { $0["line"] as? Int }
        return (drift.sorted(), findings.compactMap { $0["rule"] as? String }.filter { $0 != "code-drift" }.sorted())
    }

    @Test("without suppressions every drifted sample is a finding: fenced, in a list item, indented")
    func unsuppressed() throws {
        let (drift, _) = try driftLines(marks: [:])
        #expect(drift == [12, 19, 24], "each at its first code line")
    }

    @Test("a suppression before each kind of sample silences exactly that sample and is never read as code", arguments: ["fenced", "list", "indented"])
    func suppressed(place: String) throws {
        let (before, otherBefore) = try driftLines(marks: [:])
        let (after, otherAfter) = try driftLines(marks: [place: "<!-- stepwise-ignore code-drift: reviewed by the German team -->"])
        #expect(after.count == before.count - 1, "one drift silenced at \(place)")
        #expect(otherAfter == otherBefore, "no suppression problem and nothing new: the comment did not become code")
    }

    @Test("a suppression without a reason before a sample is an error and silences nothing")
    func withoutReason() throws {
        let (after, other) = try driftLines(marks: ["list": "<!-- stepwise-ignore code-drift -->"])
        #expect(after.count == 3)
        #expect(other.contains("suppression-invalid"))
    }
}
