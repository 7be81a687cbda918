import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// The byte scans that spare the model a regex or a walk over characters must never change an
/// answer: each is checked against the slow reading it guards.
@Suite struct ByteScanTests {
    /// Every line of the bundled content, plus lines crafted around each scan's edge cases.
    private static let contentLines: [String] = {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        var lines: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" { lines += (try? RepositoryFiles.lines(of: url)) ?? [] }
        }
        return lines
    }()

    private static let fileLines = [
        "Open Program.cs.", "Open Program.cs", "Edit the Dockerfile.", "Edit the Makefile", "see app.config-old.",
        "edit main.cpp and main.c", "edit main.cx.", "at 5 p.m. today", "version 2.0 today", "www.example.com", "file.cs_backup.", "file.cs—then.",
        "file.cs’s first line.", "dir/sub/file.swift.", "/etc/app.conf:", ".h", "a.h", "x.ps1,", "a.PY.", "name.json-ld.", "Makefile",
        "Ouvrez le fichier AppDelegate.m et ajoutez", "Abra el archivo «web.config».", "Le fichier .NET.", "é.cs.", "über.jsonx.",
    ]

    @Test("a text the byte scan rules out has no file name the regex finds")
    func fileNames() {
        let lines = Self.contentLines + Self.fileLines
        #expect(lines.count > 1_000)
        var ruledOut = 0
        for line in lines where !StepTextAnalyzer.mayNameFile(line) {
            ruledOut += 1
            #expect(StepTextAnalyzer.fileName.firstMatch(in: line) == nil, "\(line)")
        }
        #expect(ruledOut > lines.count / 2)  // the scan spares the regex on most text
        for line in ["Open Program.cs.", "Edit the Dockerfile.", "dir/sub/file.swift.", "file.cs’s first line.", "x.ps1,", "é.cs."] {
            #expect(StepTextAnalyzer.mayNameFile(line), "\(line)")
        }
        for line in ["version 2.0 today", "www.example.com", "file.cs_backup.", "a.PY.", "name.json-ld.", "Le fichier .NET."] {
            #expect(!StepTextAnalyzer.mayNameFile(line), "\(line)")
        }
    }

    @Test("a file name is found where the regex finds it")
    func targetFiles() {
        let analyzer = StepTextAnalyzer()
        #expect(analyzer.targetFile(in: "Open Program.cs.") == "Program.cs")
        #expect(analyzer.targetFile(in: "edit main.cpp and main.c") == "main.cpp")
        #expect(analyzer.targetFile(in: "Abra el archivo «web.config».") == "web.config")
        #expect(analyzer.targetFile(in: "Edit the Makefile") == nil)  // no `.` in the text: no file, as before
        #expect(analyzer.targetFile(in: "at 5 p.m. today") == "p.m")  // `.m` is Objective-C's
        #expect(analyzer.targetFile(in: "version 2.0 today") == nil)
        #expect(analyzer.fileNames(in: "Copy a/b.json to c.yml, then d.txt.") == ["b.json", "c.yml", "d.txt"])
    }

    @Test("typographic quotes, no-break spaces and statements are found by bytes as by characters")
    func translationEvidence() {
        #expect(CodeDamageInspector.translationEvidence(in: ["var s = “text”;"]) == ["string quotes replaced by typographic quotes"])
        #expect(CodeDamageInspector.translationEvidence(in: ["var s = «text»;"]) == ["string quotes replaced by typographic quotes"])
        // A quote with a combining mark is another character: not a typographic quote.
        #expect(CodeDamageInspector.translationEvidence(in: ["var s = \u{201C}\u{301}text;"]).isEmpty)
        #expect(CodeDamageInspector.translationEvidence(in: ["var s = 'ü ⁜ text';"]).isEmpty)
        #expect(CodeDamageInspector.translationEvidence(in: ["a(); b(); c(); d();"]) == ["1 line with several statements run together"])
        #expect(CodeDamageInspector.statementCount("no statement here") == 0)
        #expect(CodeDamageInspector.statementCount("for (i = 0; i < n; i++) { a; b; c }") == 2)
    }

    @Test("a trailing comment is cut where two slashes follow each other")
    func codePart() {
        #expect(CodeDamageInspector.codePart("x = 1; // set x") == "x = 1; ")
        #expect(CodeDamageInspector.codePart("url = \"https://example.com\"; // home") == "url = \"https://example.com\"; ")
        #expect(CodeDamageInspector.codePart("a / b / c") == "a / b / c")
        #expect(CodeDamageInspector.codePart("see http://example.com") == "see http://example.com")
        // A slash with a combining mark is another character: no comment starts there.
        #expect(CodeDamageInspector.codePart("a = b /\u{301}/ c") == "a = b /\u{301}/ c")
    }

    @Test("a kept verdict on a sample is the one its signals give, sample by sample")
    func languageCache() {
        let samples = [
            "az group create --name group --location westeurope", "Get-AzVM -Name vm | Stop-AzVM -Force",
            "using System;\nnamespace Demo { class Program { static void Main() { Console.WriteLine(1); } } }",
        ]
        let fresh = samples.map(LanguageDetector.signalLanguage(of:))
        #expect(Set(fresh).count == samples.count)
        for _ in 0..<2 {
            #expect(samples.map { LanguageDetector.detect(code: $0) } == fresh)
        }
    }

    @Test("a language signal is skipped only on text that lacks what each of its matches contains")
    func signalRequirements() throws {
        // Every paragraph of the bundled content and the corpus sample (code and prose), and one
        // sample per family of signals.
        var texts = [
            "$ sudo apt-get install jq\nnpm install", "public static async Task Main()", "private void Run()",
            "import Foundation\nfunc f() -> Int { guard let x = y else { return 0 } }", "Get-AzVM | Select-Object Name",
            "SELECT * FROM t", "def main():\n    print('x')", "<?php echo $x;", "#include <stdio.h>\nint main(void)",
            "FROM ubuntu:22.04\nRUN apt-get update", "GET https://example.org/api HTTP/1.1", "let mut x = 1;",
        ]
        texts += try Self.bundledTexts(separatedBy: "\n\n")
        #expect(texts.count > 1_000)
        var skipped = 0, matched = 0, alternatives = 0, folded = 0
        for rule in LanguageDetector.rules {
            if rule.requirements.contains(where: { $0.count > 1 }) { alternatives += 1 }
            if !rule.foldedRequirements.isEmpty { folded += 1 }
            for text in texts {
                let matches = rule.pattern.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                let holds = RequiredLiteral.holds(rule.requirements, in: text) && RequiredLiteral.holdsIgnoringCase(rule.foldedRequirements, in: text)
                if matches { matched += 1 }
                if !holds { skipped += 1 }
                #expect(holds || !matches, "\(rule.pattern.pattern) on \(text)")
            }
        }
        // The literals looked for all at once (`LiteralSet`) decide as each rule's own searches do.
        for text in texts {
            #expect(LanguageDetector.mayMatch(text) == LanguageDetector.rules.map {
                RequiredLiteral.holds($0.requirements, in: text) && RequiredLiteral.holdsIgnoringCase($0.foldedRequirements, in: text)
            }, "\(text)")
        }
        #expect(alternatives > 20)  // alternations of words are read, not only plain runs
        #expect(folded >= 8)  // and the literals of the case-insensitive signals (SQL, CMD, CMake…)
        #expect(matched > 1_000 && skipped > LanguageDetector.rules.count * texts.count / 2)
    }

    /// The Markdown files of the bundled content and the corpus sample, cut at `separator`
    /// (paragraphs, or code blocks and the prose between them).
    static func bundledTexts(separatedBy separator: String) throws -> [String] {
        var texts: [String] = []
        let sample = RepositoryFiles.root.appendingPathComponent("Tests/TutorialModelTests/CorpusSample/content")
        for root in [RepositoryFiles.content, sample] {
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "md" else { continue }
                texts += try String(contentsOf: url, encoding: .utf8).components(separatedBy: separator)
            }
        }
        return texts
    }

    /// `signalLanguage` as it was first written, every pattern run: the definition its skipping of
    /// patterns and languages is held to.
    static func signalLanguageByEveryPattern(of opening: String) -> String? {
        var scores: [String: (score: Int, order: Int)] = [:]
        let range = NSRange(location: 0, length: opening.utf16.count)
        for rule in LanguageDetector.rules where rule.pattern.firstMatch(in: opening, options: [], range: range) != nil {
            scores[rule.language, default: (0, rule.order)].score += rule.weight
        }
        let best = scores.max { ($0.value.score, -$0.value.order) < ($1.value.score, -$1.value.order) }
        return best.flatMap { $0.value.score >= LanguageDetector.minimumScore ? $0.key : nil }
    }

    @Test("the signals' verdict skips no pattern that could change it: every paragraph and crafted ties")
    func signalVerdicts() throws {
        // Weights are positive: a language's possible score only grows with the patterns it runs.
        #expect(LanguageDetector.rules.allSatisfy { $0.weight > 0 })
        #expect(LanguageDetector.ruleGroups.count == Set(LanguageDetector.rules.map(\.order)).count)
        var texts = [
            "az group create --name g", "Get-AzVM | Select-Object Name", "var x = 1;", "x = 1", "SELECT a FROM b", "GO",
            "let x = 1", "const x = require('y');", "print(x)", "echo $x", "#include <a.h>\nint main(void)", "{ get; set; }",
            "public class A : B { }", "import java.util.List;\npublic class A { @Override public void f() {} }",
            "- name: x\n  value: y", "key: value", "$x = 1", "self.x = 1", "None", "func main() {}", "",
        ]
        texts += try Self.bundledTexts(separatedBy: "```")
        var named = Set<String>()
        for text in texts {
            let opening = String(text.trimmingSpaces.prefix(LanguageDetector.signalWindow))
            let verdict = LanguageDetector.signalLanguage(of: opening)
            #expect(verdict == Self.signalLanguageByEveryPattern(of: opening), "\(opening.prefix(200))")
            if let verdict { named.insert(verdict) }
        }
        #expect(named.count >= 8)
    }
}
