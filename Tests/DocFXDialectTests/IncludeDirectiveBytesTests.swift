@testable import DocFXDialect
import StepwiseDiagnostics
import Testing

/// `IncludeDirective.parseByBytes` reads an ASCII line by its bytes: it must find what the patterns
/// find, on any line.
@Suite struct IncludeDirectiveBytesTests {
    /// Directive parts in every case, list markers, blanks, quotes, code spans, and what reads otherwise
    /// by Unicode's rules (combining marks, spaces past ASCII) or breaks a line.
    static let pieces = ["[", "[", "]", "]", "(", ")", "!", "!INCLUDE", "!include", "AZURE.INCLUDE", "azure.Include", "WACOM.INCLUDE", "X.INCLUDE",
                         ".INCLUDE", "INCLUDES", " ", " ", "\t", ">", "1.", "12)", "1234567890.", "-", "*", "+", "\"", "\"title\"", "a.md",
                         "../includes/x.md", "`", "x", "é", "\u{301}", "\u{A0}", "\r"]

    /// 40,000 lines made of `pieces`, the same on every run (seeded: a failing line is found again),
    /// most shaped like directives so that every step of the reading is reached.
    static func lines() -> [String] {
        var generator = SplitMix64(seed: 31)
        func some(_ range: ClosedRange<Int>) -> String {
            (0..<Int.random(in: range, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        let syntaxes = ["[!INCLUDE ", "[!include", "[AZURE.INCLUDE ", "[wacom.include\t", "[X.INCLUDE", "[.INCLUDE ", "[!INCLUDE"]
        let paths = ["../includes/a.md", "", "a b.md", "a\"t\".md", "x)y", "~/includes/é.md"]
        return (0..<40_000).map { number in
            switch number % 4 {
            case 0: return some(0...3)
                + syntaxes.randomElement(using: &generator)! + "[" + some(0...2) + "](" + paths.randomElement(using: &generator)! + some(0...2) + ")" + some(0...2) + "]" + some(0...3)
            case 1: return ["", "> ", "1. ", "  - ", "1234567890. ", "*\t"].randomElement(using: &generator)!
                + syntaxes.randomElement(using: &generator)! + "[name](" + paths.randomElement(using: &generator)! + " \"t\")]" + some(0...2)
            default: return some(0...14)
            }
        }
    }

    static func shown(_ directive: IncludeDirective?) -> String {
        directive.map { "\($0.syntax)|\($0.name.debugDescription)|\($0.path.debugDescription)|\($0.column)" } ?? "none"
    }

    @Test("40,000 generated lines: the directive as the patterns read it, its syntax, name, path and column")
    func generatedLines() {
        var (decided, found, differing) = (0, 0, [String]())
        for line in Self.lines() {
            let expected = Self.shown(IncludeDirective.parseByPatterns(line, number: 7))
            guard case .decided(let read) = IncludeDirective.parseByBytes(line, number: 7) else { continue }
            decided += 1
            if read != nil { found += 1 }
            if Self.shown(read) != expected { differing.append("\(line.debugDescription): \(Self.shown(read)), expected \(expected)") }
        }
        #expect(differing.isEmpty, "\(differing.count) lines read otherwise, the first: \(differing.prefix(5))")
        // Most lines are decided by their bytes, many of them directives: the test compares both readings.
        #expect(decided > 15_000 && found > 2_000, "\(decided) decided, \(found) directives")
    }

    @Test("real directives are read by their bytes; a line past ASCII or a quoted path is left to the patterns")
    func realLines() {
        let decided = [
            "[!INCLUDE [storage-prereq](../../includes/storage-prereq.md)]",
            "> [AZURE.INCLUDE [free-trial](../includes/free-trial.md)]",
            "3. [!INCLUDE [step](includes/step.md \"Step\")] then more",
            "Check these URLs: [!INCLUDE [urls](../includes/urls.md)]",
        ]
        for line in decided {
            guard case .decided(let directive?) = IncludeDirective.parseByBytes(line, number: 1) else {
                Issue.record("\(line) not read by its bytes")
                continue
            }
            #expect(Self.shown(directive) == Self.shown(IncludeDirective.parseByPatterns(line, number: 1)))
        }
        for line in ["[!INCLUDE [é](../includes/é.md)]", "[!INCLUDE [a](a\"b\".md)]", "[!INCLUDE [a](a.md)]\r"] {
            guard case .undecided = IncludeDirective.parseByBytes(line, number: 1) else {
                Issue.record("\(line.debugDescription) decided by its bytes")
                continue
            }
        }
    }
}
