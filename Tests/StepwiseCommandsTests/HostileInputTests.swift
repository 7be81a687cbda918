import Foundation
import StepwiseTestSupport
import Testing

/// Hostile and unlucky documents: each is reported or modelled, never a crash, and never hides the others.
@Suite struct HostileInputTests {
    /// Extracts `text` written as `name` beside a good document; the good one must always print.
    private func extract(_ name: String, _ text: String) throws -> (status: Int32, output: String, error: String) {
        let dir = try TemporaryDirectory()
        try dir.write("content/en-us/articles/\(name)", text)
        try dir.write("content/en-us/articles/zz-good.md", "# Good\n")
        let result = runStepwise(["extract", "--format", "text", dir.url.appendingPathComponent("content").path])
        #expect(result.output.contains("# Good"), "the good document is modelled whatever the other one holds")
        return result
    }

    @Test("50,000 nested block quotes, 12,000 nested list markers and 20,000 nested inline spans are modelled, not a stack overflow")
    func deepNesting() throws {
        #expect(try extract("quotes.md", "# Q\n\n" + String(repeating: ">", count: 50_000) + " deep\n").status == 0)
        #expect(try extract("lists.md", "# L\n\n" + String(repeating: "- ", count: 12_000) + "deep\n").status == 0)
        let inline = String(repeating: "*a [", count: 20_000) + "x" + String(repeating: "](u) b*", count: 20_000)
        #expect(try extract("inline.md", "# I\n\n" + inline + "\n").status == 0)
    }

    @Test("a file with CR line endings has its lines, steps and code sample")
    func carriageReturns() throws {
        let result = try extract("cr.md", "# Title\r\r1. Add this to **A.cs**:\r\r        var a = 1;\r")
        #expect(result.status == 0)
        #expect(result.output.contains("1 sections, 1 steps, 1 code samples"))
        #expect(result.output.contains("cr.md:5-5"))
    }

    @Test("front matter with YAML aliases, thousands of brackets or a list as a key is refused at its line, the body still modelled", arguments: [
        "---\na: &a [x, x, x]\nb: [*a, *a, *a]\n---\n# T\n",
        "---\n? [a]\n: b\ntitle: x\n---\n# T\n",
        "---\ntitle: " + String(repeating: "[", count: 5_000) + "\n---\n# T\n",
    ])
    func hostileYAML(text: String) throws {
        let result = try extract("meta.md", text)
        #expect(result.status == 1)
        #expect(result.error.contains("meta.md:2:"))
        #expect(result.error.contains(": error: malformed YAML front matter"))
        #expect(result.output.contains("# T"))
    }

    @Test("quoted stars and ampersands in metadata are ordinary text")
    func quotedSymbols() throws {
        let result = try extract("ok.md", "---\ntitle: \"Q&A: *all* the things\"\nms.custom: mvc,DBs & servers\nkeywords: a * b\n---\n# T\n")
        #expect(result.status == 0, "\(result.error)")
    }
}

@Suite struct IncludeBombTests {
    @Test("an include bomb (each level includes the next four times) stops at the limit with one error, fast")
    func includeBomb() throws {
        let dir = try TemporaryDirectory()
        let levels = 12
        for level in 0..<levels {
            let next = level + 1 < levels ? String(repeating: "[!INCLUDE [l](level\(level + 1).md)]\n\n", count: 4) : "leaf\n"
            try dir.write("content/en-us/includes/level\(level).md", "part \(level)\n\n" + next)
        }
        try dir.write("content/en-us/articles/bomb.md", "# Bomb\n\n[!INCLUDE [l](../includes/level0.md)]\n")
        let started = Date()
        let result = runStepwise(["extract", "--format", "text", dir.url.appendingPathComponent("content").path])
        #expect(Date().timeIntervalSince(started) < 20, "4^12 expansions would never finish")
        #expect(result.status == 1)
        let errors = result.error.split(separator: "\n")
        #expect(errors.count == 1)
        #expect(errors.first?.hasSuffix("[include-limit]") == true)
        #expect(result.output.contains("# Bomb"))
    }

    @Test("an include of 3 MiB included seven times stops at 16 MiB of included text, with one error")
    func textBomb() throws {
        let dir = try TemporaryDirectory()
        let paragraph = String(repeating: "word ", count: 200) + "\n\n"
        try dir.write("content/en-us/includes/big.md", String(repeating: paragraph, count: 3 << 20 / paragraph.utf8.count))
        try dir.write("content/en-us/articles/bomb.md", "# Bomb\n\n" + String(repeating: "[!INCLUDE [b](../includes/big.md)]\n\n", count: 7))
        let result = runStepwise(["extract", "--format", "json", dir.url.appendingPathComponent("content").path])
        #expect(result.status == 1)
        let errors = result.error.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].hasSuffix("bomb.md:15:1: error: more than 16 MiB of included text expanded for one document; the rest are not shown (include each part once, not repeatedly at every level) [include-limit]"), "\(errors)")
    }
}

@Suite struct FileKindTests {
    @Test("a file over 4 MiB and an include that is a FIFO are problems at their path; the other documents still print")
    func oversizedAndSpecialFiles() throws {
        let dir = try TemporaryDirectory()
        try dir.write("content/en-us/articles/huge.md", "# Huge\n\n" + String(repeating: "text ", count: 900_000))
        try dir.write("content/en-us/articles/pipe.md", "# Pipe\n\n[!INCLUDE [p](../includes/fifo.md)]\n")
        try dir.write("content/en-us/articles/zz-good.md", "# Good\n")
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("content/en-us/includes"), withIntermediateDirectories: true)
        #expect(mkfifo(dir.url.appendingPathComponent("content/en-us/includes/fifo.md").path, 0o600) == 0)
        let started = Date()
        let result = runStepwise(["extract", "--format", "text", dir.url.appendingPathComponent("content").path])
        #expect(Date().timeIntervalSince(started) < 20, "reading the FIFO would block forever")
        #expect(result.status == 1)
        #expect(result.error.contains("huge.md:1:1: error: file is 4.3 MiB; files are read up to 4 MiB (split the document) [file-too-large]"), "\(result.error)")
        #expect(result.error.contains("includes/fifo.md:1:1: error: cannot read file: not a regular file [file-unreadable]"), "\(result.error)")
        #expect(result.output.contains("# Good") && result.output.contains("# Pipe"))
    }
}
