import Foundation
import StepwiseCommands
import StepwiseTestSupport
import Synchronization
import Testing

/// Runs `stepwise` in-process and captures what it prints.
func runStepwise(_ arguments: [String]) -> (status: Int32, output: String, error: String) {
    let output = Mutex(""), error = Mutex("")
    let console = Console(output: { text in output.withLock { $0 += text } }, error: { text in error.withLock { $0 += text } })
    let status = Console.$current.withValue(console) { Stepwise.run(arguments: arguments) }
    return (status, output.withLock { $0 }, error.withLock { $0 })
}

@Suite struct ExtractCommandTests {
    let seedPath = RepositoryFiles.content.appendingPathComponent(RepositoryFiles.seeds[0].path).path

    @Test("JSON has the documented top-level and code-sample keys")
    func jsonShape() throws {
        let result = runStepwise(["extract", seedPath])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "stepwise.tutorial/1")
        for key in ["source", "locale", "edition", "title", "metadata", "sections", "includes", "diagnostics"] {
            #expect(object[key] != nil, "missing \(key)")
        }
        let sections = try #require(object["sections"] as? [[String: Any]])
        let step = try #require((sections[3]["steps"] as? [[String: Any]])?[1])
        for key in ["ordinal", "shownNumber", "line", "text", "code"] { #expect(step[key] != nil, "missing \(key)") }
        let sample = try #require((step["code"] as? [[String: Any]])?.first)
        for key in ["language", "file", "action", "line", "endLine", "text", "origin", "damage"] {
            #expect(sample.keys.contains(key), "missing \(key)")
        }
        #expect(sample["damage"] is NSNull)
    }

    @Test("the whole content tree gives byte-identical JSON on every run")
    func deterministic() {
        let content = RepositoryFiles.content.path
        let first = runStepwise(["extract", content])
        let second = runStepwise(["extract", content])
        #expect(first.status == 0)
        #expect(first.output == second.output)
        #expect(first.output.hasPrefix("["))
    }

    @Test("text format is an outline with counts")
    func textOutline() {
        let result = runStepwise(["extract", "--format", "text", seedPath])
        #expect(result.status == 0)
        #expect(result.output.contains("## Modify your iOS app"))
        #expect(result.output.contains("DAMAGED split"))
        #expect(result.output.contains("9 sections, 47 steps, 22 code samples, 10 damaged"))
    }

    @Test("a file that cannot be read: one diagnostic line, exit 1, nothing on standard output", arguments: [
        ("missing.md", nil as [UInt8]?, "missing.md:1:1: error: no such file or directory"),
        ("empty.md", [], "empty.md:1:1: error: file is empty"),
        ("nul.md", Array("# T\n".utf8) + [0], "nul.md:2:1: error: file contains a NUL byte"),
        ("utf8.md", Array("# T\n".utf8) + [0xFF], "utf8.md:2:1: error: invalid UTF-8 byte sequence"),
    ])
    func unreadable(name: String, bytes: [UInt8]?, expected: String) throws {
        let (result, relative) = try extractOne(name, bytes)
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(relative.hasPrefix(expected), "\(relative)")
        #expect(relative.split(separator: "\n").count == 1)
    }

    @Test("a document with a broken part: one diagnostic line, exit 1, and the rest still modelled", arguments: [
        ("front.md", Array("---\ntitle: x\n".utf8), "front.md:1:1: error: front matter starting here is never closed"),
        ("yaml.md", Array("---\ntitle: [x\n---\n# T\n".utf8), "yaml.md:"),
        ("include.md", Array("# T\n\n[!INCLUDE [nope](nope.md)]\n".utf8), "include.md:3:1: error: include 'nope' not found"),
    ])
    func partlyReadable(name: String, bytes: [UInt8], expected: String) throws {
        let (result, relative) = try extractOne(name, bytes)
        #expect(result.status == 1)
        #expect(relative.hasPrefix(expected), "\(relative)")
        #expect(relative.split(separator: "\n").count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "stepwise.tutorial/1")
    }

    @Test("a missing include is a visible placeholder in the model, where the directive was")
    func missingIncludePlaceholder() throws {
        let (result, _) = try extractOne("doc.md", Array("# T\n\n## Part\n\n[!INCLUDE [nope](nope.md)]\n".utf8))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        let alerts = sections.flatMap { ($0["alerts"] as? [[String: Any]]) ?? [] }
        #expect(alerts.count == 1)
        #expect(alerts.first?["kind"] as? String == "missing")
        #expect((alerts.first?["text"] as? String)?.contains("nope.md") == true)
        let includes = try #require(object["includes"] as? [[String: Any]])
        #expect(includes.first?["problem"] is String)
    }

    @Test("one bad document never hides the others: every good model prints, every problem is reported once")
    func keepsGoing() throws {
        let dir = try TemporaryDirectory()
        try dir.write("content/en-us/articles/good.md", "# Good\n\n1. Add this to **A.cs**:\n\n        var a = 1;\n")
        try dir.write("content/en-us/articles/empty.md", "")
        try dir.write("content/en-us/articles/missing-include.md", "# Partial\n\n[!INCLUDE [gone](../includes/gone.md)]\n")
        try dir.write("content/en-us/articles/also-good.md", "# Also good\n")
        let result = runStepwise(["extract", dir.url.appendingPathComponent("content").path])
        #expect(result.status == 1)
        let models = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(models.map { $0["title"] as? String } == ["Also good", "Good", "Partial"])
        let errors = result.error.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(errors.contains { $0.hasSuffix("[file-empty]") } && errors.contains { $0.hasSuffix("[include-missing]") })
        #expect(runStepwise(["extract", "--fail-on", "never", dir.url.appendingPathComponent("content").path]).status == 0)
    }

    /// Runs `extract` on one file written into a scratch folder; the error output with the folder removed.
    private func extractOne(_ name: String, _ bytes: [UInt8]?) throws -> ((status: Int32, output: String, error: String), String) {
        let dir = try TemporaryDirectory()
        let path = dir.url.appendingPathComponent(name).path
        if let bytes { try dir.write(name, Data(bytes)) }
        let result = runStepwise(["extract", path])
        let relative = result.error.replacingOccurrences(of: dir.url.path + "/", with: "")
            .replacingOccurrences(of: dir.url.standardizedFileURL.path + "/", with: "")
        return (result, relative)
    }

    @Test("a directory with no Markdown is an error")
    func emptyDirectory() throws {
        let dir = try TemporaryDirectory()
        let result = runStepwise(["extract", dir.url.path])
        #expect(result.status == 1)
        #expect(result.error.contains("error: directory contains no Markdown (.md) documents"))
    }

    @Test("usage errors exit with status 2", arguments: [["extract"], ["extract", "--format", "yaml", "x.md"], ["frobnicate"]])
    func usageErrors(arguments: [String]) {
        #expect(runStepwise(arguments).status == 2)
    }

    @Test("help explains the command")
    func help() {
        let result = runStepwise(["extract", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--format"))
        #expect(result.output.contains("path:line:col"))
    }
}
