import Localization
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
