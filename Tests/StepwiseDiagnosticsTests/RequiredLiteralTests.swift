import Foundation
import StepwiseDiagnostics
import Testing

/// The text every match of a pattern contains, read from the pattern so that `FastRegex` skips text
/// without it: only characters certain to be in a match, and none where the pattern is not plain.
@Suite struct RequiredLiteralTests {
    @Test("the longest run of plain characters outside groups, classes and escapes is required", arguments: [
        (#"#import\s+[<\"]"#, "#import"),
        (#"\bnew\s+[A-Z]\w*(<[^>]*>)?\s*\("#, "new"),
        (#"^#!\/(usr\/)?bin\/"#, "bin/"),
        (#"\$\{[A-Z][A-Z0-9_]*\}"#, "${"),
        (#"(?m)^\s*GO\s*$"#, "GO"),
        (#"\bconsole\.log\("#, "console.log("),
        (#"\p{L}+word\p{Lu}"#, "word"),
        (#"colou?r"#, "colo"),
        (#"ab*c"#, "a"),
        (#"x{2,3}yz"#, "yz"),
        (#"abc+de"#, "abc"),
        (#"(?<name>abc)def"#, "def"),
    ])
    func literals(pattern: String, literal: String) {
        #expect(RequiredLiteral.longest(in: pattern) == literal)
    }

    @Test("patterns whose literals are not certain have none", arguments: [
        #"\b(public|private)\s+"#, "cat|dog", "(?i)select", "(?ix:a b)", #"\x41bc"#, #"\Qa.b\E"#, #"(a)\1bc"#, #"[[:alpha:]]abc"#, "a{b}c",
    ])
    func noLiteral(pattern: String) {
        #expect(RequiredLiteral.longest(in: pattern) == nil)
    }

    @Test("each group every match passes through requires one of its branches' literals", arguments: [
        (#"\b(public|private)\s+"#, [["public", "private"]]),
        ("cat|dog", [["cat", "dog"]]),
        ("cat|d.g", [["cat", "d"]]),
        ("cat|.", []),
        (#"(?m)^\s*(\$ |sudo |apt(-get)? )"#, [["$ ", "sudo ", "apt"]]),
        (#"import\s+(java|javax)\.(x|y)"#, [["import"], ["java", "javax"], ["x", "y"]]),
        (#"(a|b)?c(d|e)*f(g|h){1,2}"#, [["c"]]),
        (#"x(?:ab|cd)(?<n>ef|gh)(?=ij)(?!kl)"#, [["x"], ["ab", "cd"], ["ef", "gh"]]),
        (#"(abc)"#, [["abc"]]),
        (#"(a|[|]x)b"#, [["b"], ["a", "x"]]),
        ("(?i)(a|b)", []),
        ("(a|)b", [["b"]]),
    ])
    func requirements(pattern: String, expected: [[String]]) {
        #expect(RequiredLiteral.requirements(in: pattern) == expected)
    }

    @Test("a pattern ignoring case as a whole requires its literals in any ASCII case", arguments: [
        ("(?i)select", [["select"]]),
        (#"(?i)\b(UPDATE\s+\w+\s+SET|DELETE\s+FROM|GRANT)\b"#, [["update", "delete", "grant"]]),
        (#"(?im)^\s*(set\s+\w+=|@echo\s+off)"#, [["set", "@echo"]]),
        (#"(?is)\bSELECT\b.{1,9}?"#, [["select"]]),
        ("(?i)(café|thé)x", [["x"]]),  // a list with a literal past ASCII is left out
        ("(?i:select)", []), ("(?-i)select", []), ("(?ix)sel ect", []), ("(?m)select", []), ("select(?i)", []),
    ])
    func caseInsensitive(pattern: String, expected: [[String]]) {
        #expect(RequiredLiteral.caseInsensitiveRequirements(in: pattern) == expected)
    }

    @Test("text past ASCII holds case-insensitive literals: Unicode folding matches other characters")
    func foldingPastASCII() throws {
        let requirements = RequiredLiteral.caseInsensitiveRequirements(in: "(?i)select")
        #expect(RequiredLiteral.holdsIgnoringCase(requirements, in: "SeLeCt 1"))
        #expect(!RequiredLiteral.holdsIgnoringCase(requirements, in: "sel ect"))
        // ICU matches `ſ` (long s) and the Kelvin sign as `s` and `k`: the bytes could not say so.
        for (pattern, text) in [("(?i)select", "ſelect"), ("(?i)kind", "\u{212A}ind")] {
            let expression = try NSRegularExpression(pattern: pattern)
            #expect(expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil)
            #expect(RequiredLiteral.holdsIgnoringCase(RequiredLiteral.caseInsensitiveRequirements(in: pattern), in: text))
            #expect(FastRegex(pattern).matches(text))
        }
        #expect("SÉLECT Ab".asciiLowercased() == "sÉlect ab")
    }

    @Test("a FastRegex answers as the regex does on text with and without its literal")
    func sameAnswers() throws {
        let patterns = [#"(?i)\bvar\s"#, #"(?im)^\s*(END|fin)\s*$"#, #"\b(var|let)\s+\w+\s*="#, #"(?m)^\s*(end|fin)\s*$"#, #"(ex|é)"#, #"\bvar\s+\w+\s*="#, #"#include\s+<\w+>"#, #"->\s*\w"#, #"(?m)^\s*end\s*$"#, #"\bfmt\.\w+\("#, #"e\u0301?x"#]
        let texts = ["VAR X = 1", "  End\n", "Fin", "ſelect", "var x = 1", "let y = 2", "#include <stdio.h>", "func f() -> Int", "  end\n", "fmt.Println(\"é\")", "ex", "é x", "var\u{301} x = 1"]
        for pattern in patterns {
            let expression = try NSRegularExpression(pattern: pattern)
            for text in texts {
                let expected = expression.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
                #expect(FastRegex(pattern).matches(text) == expected, "\(pattern) on \(text)")
                let insensitive = try NSRegularExpression(pattern: pattern, options: .caseInsensitive)
                #expect(FastRegex(pattern, caseInsensitive: true).matches(text)
                    == (insensitive.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil), "\(pattern) on \(text), any case")
            }
        }
    }
}
