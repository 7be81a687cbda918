import Foundation
import StepwiseCommands
import StepwiseTestSupport
import Testing

@Suite(.serialized) struct CheckCommandTests {
    let content = RepositoryFiles.content.path

    @Test("text lists findings as path:line:col: severity: message [rule], grouped by file, with a summary")
    func textFormat() {
        let result = runStepwise(["check", "--no-baseline", content])
        #expect(result.status == 1, "the seeds contain errors")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix(":402:1: error: code differs from the source (content/en-us/articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md:772): `@\"\\\"%@\\\"\"` became `@\"\"%@\"\"` [code-drift]") })
        #expect(lines.last?.contains(" errors, ") == true && lines.last?.contains("in 5 documents") == true)
        #expect(lines.contains { $0.hasPrefix("content/de-de/") && $0.hasSuffix("finding)") || $0.hasSuffix("findings)") })
    }

    @Test("exit status follows --fail-on; usage errors exit 2")
    func exitStatus() {
        #expect(runStepwise(["check", "--no-baseline", content, "--fail-on", "never"]).status == 0)
        #expect(runStepwise(["check", "--no-baseline", content, "--fail-on", "warning"]).status == 1)
        #expect(runStepwise(["check", "--no-baseline", content, "--fail-on", "sometimes"]).status == 2)
        #expect(runStepwise(["check", "--no-baseline", content, "--format", "yaml"]).status == 2)
    }

    @Test("JSON has the documented keys for every finding and a summary")
    func jsonFormat() throws {
        let result = runStepwise(["check", "--no-baseline", content, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "stepwise.check/1")
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(!findings.isEmpty)
        for key in ["rule", "severity", "path", "line", "column", "message", "locale"] {
            #expect(findings.allSatisfy { $0[key] != nil }, "every finding has \(key)")
        }
        let drift = try #require(findings.first { $0["rule"] as? String == "code-drift" && ($0["locale"] as? String) == "de-de" })
        let source = try #require(drift["source"] as? [String: Any])
        #expect(source["line"] as? Int == 772)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect((summary["bySeverity"] as? [String: Int])?["error"] ?? 0 > 0)
    }

    @Test("SARIF output validates against the official SARIF 2.1.0 schema")
    func sarifValidates() throws {
        let result = runStepwise(["check", "--no-baseline", content, "--format", "sarif"])
        #expect(result.status == 1)
        let directory = try TemporaryDirectory()
        let log = try directory.write("check.sarif", result.output)
        let schema = RepositoryFiles.root.appendingPathComponent("Tests/StepwiseCommandsTests/Fixtures/sarif-schema-2.1.0.json")
        let validation = try Python.run("""
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1])); log = json.load(open(sys.argv[2]))
            jsonschema.Draft7Validator(schema).validate(log)
            print(len(log["runs"][0]["results"]))
            """, arguments: [schema.path, log.path])
        #expect(validation.status == 0, "\(validation.output)")
        #expect(Int(validation.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 > 100)
    }

    @Test("github prints one workflow annotation per finding")
    func githubFormat() {
        let lines = runStepwise(["check", "--no-baseline", content, "--format", "github"]).output.split(separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::warning ") || $0.hasPrefix("::notice ") })
        #expect(lines.contains { $0.hasPrefix("::error file=content/de-de/") && $0.contains(",line=402,col=1,title=code-drift::") })
    }

    @Test("a crafted translation with one changed string literal gives exactly one drift finding at its line")
    func craftedDrift() throws {
        let directory = try TemporaryDirectory()
        let english = try String(contentsOf: RepositoryFiles.seed("000"), encoding: .utf8)
        let changed = english.replacingOccurrences(of: #"LocalStorageKey = @"RegistrationId""#, with: #"LocalStorageKey = @"RegistrierungsId""#)
        #expect(changed != english)
        let path = "articles/notification-hubs/notification-hubs-aspnet-backend-ios-notify-users.md"
        try directory.write("content/en-us/" + path, english)
        let translation = try directory.write("content/de-de/" + path, changed)
        for include in try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.content.path + "/en-us/includes") {
            try directory.write("content/en-us/includes/" + include, Data(contentsOf: RepositoryFiles.content.appendingPathComponent("en-us/includes/" + include)))
        }
        let result = runStepwise(["check", "--no-baseline", directory.url.appendingPathComponent("content").path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let drift = (object["findings"] as? [[String: Any]] ?? []).filter { $0["rule"] as? String == "code-drift" }
        let expectedLine = try #require(changed.components(separatedBy: "\n").firstIndex { $0.contains("RegistrierungsId") }) + 1
        #expect(drift.count == 1)
        #expect(drift.first?["line"] as? Int == expectedLine)
        #expect((drift.first?["path"] as? String)?.hasSuffix(translation.lastPathComponent) == true)
        #expect(result.status == 1)
    }
}

@Suite struct CheckOutputStabilityTests {
    @Test("the repository's own content passes the gate with the committed baseline")
    func committedBaseline() {
        let result = runStepwise(["check", RepositoryFiles.content.path, "--baseline", RepositoryFiles.root.appendingPathComponent(".stepwise/baseline.json").path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains(", 0 fixed"))
    }

    @Test("two runs give byte-identical output in every format")
    func deterministic() {
        for format in ["text", "json", "sarif", "github"] {
            let first = runStepwise(["check", "--no-baseline", RepositoryFiles.content.path, "--format", format]).output
            #expect(first == runStepwise(["check", "--no-baseline", RepositoryFiles.content.path, "--format", format]).output, "\(format)")
        }
    }

    @Test("align prints every translation's and edition's alignment as JSON")
    func alignJSON() throws {
        let result = runStepwise(["align", RepositoryFiles.content.path])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "stepwise.alignment/1")
        let alignments = try #require(object["alignments"] as? [[String: Any]])
        #expect(alignments.compactMap { ($0["target"] as? [String: Any])?["locale"] as? String }.sorted() == ["de-de", "en-us", "fr-fr", "sv-se"])
        let samples = alignments.flatMap { $0["samples"] as? [[String: Any]] ?? [] }
        #expect(samples.allSatisfy { ($0["verdict"] as? [String: Any])?["classification"] != nil })
    }
}
