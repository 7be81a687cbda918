import Foundation
@testable import Localization
import StepwiseTestSupport
import Testing

@Suite struct CorruptionLinterTests {
    let linter = try! CorruptionLinter(rules: CorruptionRule.bundled())

    func findings(_ lines: [String], code: [Int: String] = [:], frontMatter: [ClosedRange<Int>] = []) -> [Finding] {
        linter.lint(CheckedFile(path: "doc.md", locale: "en-us", lines: lines, frontMatter: frontMatter, codeLines: code))
    }

    @Test("the bundled rules have stable ids")
    func ruleIDs() {
        #expect(linter.ruleDescriptions.map(\.id) == ["corrupt-glued-too", "corrupt-hello-for-the", "corrupt-title-prefix"])
    }

    @Test("clean text has no findings: tools, took, toothpaste, Hello World, a greeting in code")
    func cleanText() {
        let lines = [
            "Open the Tools menu; it took a while, like toothpaste and tooltips.",
            "Build the Hello World app, then say hello, world.",
            "Too many cooks.",
            "    NSLog(@\"hello there\"); // prints a greeting",
        ]
        #expect(findings(lines, code: [4: "objc"]).isEmpty)
    }

    @Test("a rule applies where its scopes say: a code line is read for rules of comments only, a prose line for rules of prose only")
    func scopesPerLineKind() throws {
        func rule(_ id: String, _ word: String, _ scopes: [CorruptionRule.Scope], requires: String?) -> CorruptionRule {
            CorruptionRule(id: id, summary: id, explanation: "", pattern: "\\b\(word)\\b", replacement: "x", preserveCase: nil, exceptions: [],
                           scopes: scopes, requires: requires)
        }
        let linter = try CorruptionLinter(rules: [rule("in-comments", "qzx", [.comment], requires: "qzx"), rule("in-prose", "wvy", [.prose], requires: "wvy"),
                                                  rule("unfiltered", "jjj", [.comment], requires: nil)])
        let lines = ["qzx and wvy in prose, jjj too", "let a = 1 // qzx and jjj in a comment", "let qzx = wvy // a comment without them",
                     "let b = 2 // jjj alone", "wvy // in prose"]
        let found = linter.lint(CheckedFile(path: "doc.md", locale: "en-us", lines: lines, codeLines: [2: "swift", 3: "swift", 4: "swift"]))
        #expect(found.map { "\($0.line) \($0.rule)" }.sorted() == ["1 in-prose", "2 in-comments", "2 unfiltered", "4 unfiltered", "5 in-prose"])
    }

    @Test("prose damage is found with the fix at the right column")
    func proseDamage() throws {
        let result = findings(["Testa hello program och sedan toosend toohello hub."])
        let hello = try #require(result.first { $0.rule == "corrupt-hello-for-the" })
        #expect(hello.column == 7)
        #expect(hello.fix == "Testa the program och sedan to send to the hub.", "the fix repairs the whole line")
        let too = try #require(result.first { $0.rule == "corrupt-glued-too" })
        #expect(too.column == 31)
        #expect(too.message.contains("“toosend”, “toohello”") && too.message.contains("“to send”, “to the”"))
        #expect(too.fix == hello.fix)
    }

    @Test("in code only comments are checked")
    func codeComments() {
        let result = findings(["    NSString *toolong = @\"toohello\"; // Used tooenable hello buttons"], code: [1: "objc"])
        #expect(result.map(\.rule).sorted() == ["corrupt-glued-too", "corrupt-hello-for-the"])
        #expect(result.allSatisfy { $0.message.contains("in a code comment") && $0.column > 40 })
    }

    @Test("titles in front matter lose a stray prefix; other keys are not titles")
    func titles() {
        let lines = ["---", "title: \"aaaAzure Notification Hubs\"", "ms.author: aaaBob", "---"]
        let result = findings(lines, frontMatter: [1...4])
        #expect(result.map(\.rule) == ["corrupt-title-prefix"])
        #expect(result.first?.column == 9)
    }
}

@Suite struct CorruptionExceptionTests {
    let linter = try! CorruptionLinter(rules: CorruptionRule.bundled())

    @Test("a tool name before a dot is not a glued “too”: tools.ietf.org, tool.md, tools.md; tooViewController.h still is")
    func dottedWords() {
        let clean = "Voir https://tools.ietf.org/html/rfc6749 et [outil](tool.md), [outils](tools.md)."
        #expect(linter.fixed(clean, scope: .prose) == clean)
        #expect(linter.fixed("Ajoutez tooViewController.h", scope: .prose) == "Ajoutez to ViewController.h")
    }
}

@Suite struct RequiredTextFilterTests {
    /// Lines that hold the needle in every way lowercasing can make it, and lines that almost do.
    let lines = [
        "toosend", "TOOSEND", "xToOy", "to o", "t-o-o", "", "to", "ｔoo", "too\u{308}x", "to\u{F6}x", "İstanbul too",
        "Hello", "HELLO world", "hel lo", "hellö", "\u{212A}ELLO", "l’outil de l’hello", "t\u{1E4F}o", "¡Hola, mundo!",
    ]

    @Test("the byte scan never rules out a line whose lowercasing holds the needle, and rules out those without its letters")
    func agreesWithLowercasing() throws {
        for needle in ["too", "hello"] {
            let filter = try #require(RequiredTextFilter(needle))
            for line in lines {
                let holds = line.lowercased().contains(needle)
                #expect(!holds || filter.mayContain(line[...]), "\(needle) in \(line)")
            }
        }
        let too = try #require(RequiredTextFilter("too"))
        #expect(too.mayContain("xToOy"[...]) && too.mayContain("send it TOO"[...]))
        #expect(!too.mayContain("to o"[...]) && !too.mayContain("to"[...]) && !too.mayContain(""[...]))
        #expect(!too.mayContain("to\u{F6}x"[...]), "ö (U+00F6) does not lowercase to o")
        #expect(!too.mayContain("xtoo"[...].dropLast()), "a substring is read within its bounds")
    }

    @Test("a needle lowercasing could spell from other letters (i, k) or not ASCII gets no filter")
    func noFilter() {
        #expect(RequiredTextFilter("kit") == nil, "K (U+212A) lowercases to k")
        #expect(RequiredTextFilter("hi") == nil, "İ (U+0130) lowercases to i and a dot")
        #expect(RequiredTextFilter("café") == nil)
        #expect(RequiredTextFilter("") == nil)
    }
}

@Suite struct MetadataValueTests {
    @Test("front matter lines without a title or description key are ruled out before the regex; the others are read")
    func keys() {
        for line in ["ms.date: 01/12/2018", "author: Bob", "ms.topic: article", "---", "", "titre: é", "Créer un hub : étapes"] {
            #expect(!TextRegion.mayHoldMetadataKey(line), "\(line)")
            #expect(TextRegion.metadataValues(in: line).isEmpty)
        }
        for line in ["TITLE: Azure", "pageTitle=\"Azure\"", "Description: y", "subtitle: x", "títle: x title"] {
            #expect(TextRegion.mayHoldMetadataKey(line), "\(line)")
        }
        #expect(TextRegion.metadataValues(in: "TITLE: Azure").map(\.scope) == [.title])
        #expect(TextRegion.metadataValues(in: "pageTitle=\"aaaAzure\"").map(\.column) == [12])
        #expect(TextRegion.metadataValues(in: "Description: Créer un hub").map(\.text) == ["Créer un hub"])
        #expect(TextRegion.metadataValues(in: "ms.custom: title").isEmpty, "a key word in a value is no key")
    }

    nonisolated(unsafe) static let oracle = /(?i)\b(title|pagetitle|description)\s*[:=]\s*"?([^"]*)/

    /// Keys spelled with characters that case-fold or decompose to ASCII letters, and with marks.
    static let spellings = ["K", "\u{212A}", "\u{17F}", "\u{130}", "\u{131}", "\u{212B}", "\u{FB05}", "\u{FB06}", "\u{1E9E}", "\u{301}", "ı\u{307}"].flatMap { odd in
        ["title", "pagetitle", "description"].flatMap { key in
            key.indices.map { index in
                var spelled = key
                spelled.replaceSubrange(index...index, with: odd)
                return "\(spelled): \"value\""
            } + ["\(key)\(odd): x", "\(odd)\(key): x", "\(key.uppercased()) = \"\(odd)\""]
        }
    }

    @Test("the values read are those the pattern finds in the whole line, whatever characters spell a key")
    func sameAsPattern() throws {
        var lines = Self.spellings
        for url in try (FileManager.default.contentsOfDirectory(at: RepositoryFiles.content, includingPropertiesForKeys: nil))
            .flatMap({ try FileManager.default.subpathsOfDirectory(atPath: $0.path).filter { $0.hasSuffix(".md") }.map($0.appendingPathComponent) }) {
            lines += try RepositoryFiles.lines(of: url)
        }
        var read = 0
        for line in lines {
            let expected = line.matches(of: Self.oracle).map { String($0.output.2) }
            #expect(TextRegion.metadataValues(in: line).map { String($0.text) } == expected, "\(line)")
            read += expected.count
        }
        #expect(read >= 10)
    }
}
