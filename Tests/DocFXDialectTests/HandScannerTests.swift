import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
@testable import DocFXDialect
import Testing

/// Lines the dialect reads by hand instead of with Swift's `Regex` (a profile's hot spot): each must
/// read exactly what its first form, kept here as the oracle, reads — line breaks, whitespace outside
/// ASCII, combining marks and backtracking cases included.
@Suite struct HandScannerTests {
    static let oddCharacters = ["\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{A0}", "\u{3000}", "\u{301}", "\t"]

    nonisolated(unsafe) static let heading = /(?<marks>#{1,6})[ \t]+(?<body>.*?)[ \t#]*\r?/

    static let headings = [
        "# [Vue d'ensemble](index.md)", "## Démarrage rapide", "###### six", "####### seven", "#no space", "#\tTab", "#", "# ", "#  ", "# #",
        "## Title ##", "## Title # ", "## Title\t#\t", "# a#b #", "# x\r", "# x \r", "# \r", "# x\r\r", "# a\rb", "#\u{301} accent",
        "  # indented", "# [Titre](a.md)\u{A0}", "# 日本語 #", "#\u{A0}nbsp",
    ] + oddCharacters.map { "## A\($0)B" } + oddCharacters.map { "# T\($0)" } + oddCharacters.map { "#\($0)T" }

    @Test("a table of contents heading: the level and text the regular expression read", arguments: headings)
    func tableOfContentsHeading(_ line: String) {
        let expected = line[...].wholeMatch(of: Self.heading).map { ($0.output.marks.count, String($0.output.body)) }
        let found = TableOfContents.heading(line[...]).map { ($0.level, String($0.body)) }
        #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "\(found.map { "\($0)" } ?? "nil") against \(expected.map { "\($0)" } ?? "nil")")
    }

    nonisolated(unsafe) static let tableLink = /\[(?<title>[^\]]*)\]\((?<href>[^)\s]*)(?:\s+"[^"]*")?\)/

    static let tableLinks = [
        "[Vue d'ensemble](index.md)", "[a](b \"tip\")", "[a](b  \"tip\")", "[a](b\t\"t i p\")", "[a](b \"\")", "[](b)", "[a]()", "[]()", "[a](b c)",
        "[a](b \"t\") ", "[a](b \"t\")x", "[a](b)x", "x[a](b)", "[a] (b)", "[a](b", "[a](b \"t)", "[a](b \"t\"", "[a](b \"t\" )", "[a](b)(c)",
        "[a]](b)", "[[a]](b)", "[a[b]](c)", "[a](b))", "[a](b \"x\"y\")", "[a](b \"x)\")", "[a]\u{301}(b)", "[a](\u{301}b)", "[a](b\u{301})",
        "[a](b \"t\")\u{301}", "[a](b\u{A0}\"t\")", "[a](b\u{2028}\"t\")", "[a\u{301}](b)", "]a[(b)", "[é](média/é.md)", "[a]\n(b)",
    ] + oddCharacters.map { "[a](b\($0)\"t\")" } + oddCharacters.map { "[a\($0)](b\($0))" } + oddCharacters.map { "[a](\($0)b)" }

    @Test("a table of contents entry's link: the title and destination the regular expression read", arguments: tableLinks)
    func tableOfContentsLink(_ text: String) {
        let expected = text[...].wholeMatch(of: Self.tableLink).map { "\($0.output.title) → \($0.output.href)" }
        let found = TableOfContents.link(text[...]).map { "\($0.title) → \($0.href)" }
        #expect(found == expected, "\(text.debugDescription)")
    }

    @Test("text trimmed of whitespace as Foundation trims it, as a string and as a substring", arguments: headings + tableLinks
        + (oddCharacters + ["\u{200B}", "\u{1680}", "\u{202F}", "\u{205F}", "\u{2007}"]).map { "\($0)x\($0)" } + [" a ", "\ta\t", "", " ", "\u{A0}", "a\u{301} "])
    func trimmedText(_ text: String) {
        let expected = text.trimmingCharacters(in: .whitespaces)
        #expect(text.trimmingWhitespaces() == expected)
        #expect(text.dropFirst(0).trimmingWhitespaces() == expected)
    }

    nonisolated(unsafe) static let definition = /^ {0,3}\[(?<label>[^\]]+)\]:[ \t]*<?(?<destination>[^\s>]+)>?.*$/

    static let definitions = [
        "[label]: https://example.com", "[a]: <b c>", "[a]: <b>", "[a]: <>", "[a]: <", "[a]: < b", "[a]:<b>rest", "[a]:", "[a]:   ", "[a]: b \"title\"",
        "   [a]: b", "    [a]: b", "[]: b", "[a] : b", "[a]:\tb", "[a]]: b", "[[a]: b", "x [a]: b", "[a]: b>c", "[a]: >b", "[a]: b\r", "[a]: <b>\r",
        "[é]: média/é.md", "[a]: b\u{A0}c", "[a]:\u{A0}b", "[a\u{301}]: b", "[a]\u{301}: b", "[a]: <\u{301}b>", "[a]: b\u{2028}", "[a\nb]: c",
    ] + oddCharacters.map { "[a]: b\($0)c" } + oddCharacters.map { "[a\($0)]: b" } + oddCharacters.map { "[a]:\($0)b" }

    @Test("a link reference definition: the label and destination the regular expression read", arguments: definitions)
    func referenceDefinition(_ line: String) {
        let expected = line.wholeMatch(of: Self.definition).map { "\($0.output.label) → \($0.output.destination)" }
        let found = ReferenceDefinition.parse(line, number: 1).map { "\($0.label) → \($0.destination)" }
        #expect(found == expected)
    }

    /// A language, then a region, a script, a script and a region, or a region and a variant (BCP 47's shapes).
    nonisolated(unsafe) static let locale =
        /[A-Za-z]{2,3}(-([A-Za-z]{2}|[0-9]{3}|[A-Za-z]{4})|-[A-Za-z]{4}-([A-Za-z]{2}|[0-9]{3})|-([A-Za-z]{2}|[0-9]{3})-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))/

    static let names = [
        "en-us", "fr-FR", "zh-hans", "sv-SE", "de-de-1996", "ca-es-valencia", "sr-latn-rs", "es-419", "en", "en-", "-us", "en--us", "e-us", "engl-us",
        "en-u", "en-abcdefgh", "en-abcdefghi", "en-us-x-y", "en_us", "media", "articles", "é-us", "en-ús", "e\u{301}n-us", "en-us\u{301}", "1a-us",
        "en-us ", "EN-US", "app-service", "iot-hub", "key-vault", "sql-database", "iot-edge", "zh-hans-1996", "en-us-abc", "en-419-1a2b",
    ]

    @Test("a locale folder name, as the regular expression recognised it", arguments: names)
    func localeName(_ name: String) {
        #expect(ContentLayout.isLocale(name) == (name.wholeMatch(of: Self.locale) != nil))
    }

    @Test("without a content root, a file's locale is the deepest folder shaped like a language and a region, else like a language and a script", arguments: [
        ("/docs/es-es/articles/app-service/a.md", "es-es", "articles/app-service/a.md"),
        ("/docs/fr-fr/articles/iot-edge/iot-hub/a.md", "fr-fr", "articles/iot-edge/iot-hub/a.md"),
        ("/home/my-docs/content/de-ch/includes/i.md", "de-ch", "includes/i.md"),
        ("/docs/zh-hans/articles/key-vault/a.md", "zh-hans", "articles/key-vault/a.md"),
        ("/docs/en-us/old/fr-fr/a.md", "fr-fr", "a.md"),
        ("/docs/articles/app-service/a.md", nil, "a.md"),
    ])
    func containing(_ path: String, _ locale: String?, _ tutorialPath: String) {
        let file = URL(fileURLWithPath: path)
        let layout = ContentLayout.containing(file, defaultLocale: "en-us")
        #expect(layout.locale(of: file) == locale, "\(path)")
        #expect(layout.tutorialPath(of: file) == tutorialPath, "\(path)")
    }

    @Test("a file's placement is its locale, edition and tutorial path, each as read alone", arguments: [
        "fr-fr/articles/a/b.md", "FR-FR/articles/b.md", "fr-fr/editions/2015/articles/b.md", "fr-fr/editions/2015/b.md", "fr-fr/editions/b.md",
        "fr-fr/editions/2015", "fr-fr/b.md", "fr-fr", "articles/b.md", "editions/2015/x/b.md", "xx/articles/b.md", "en-us/includes/i.md",
        "de-de/editions/old/includes/i.md", "../outside/fr-fr/a.md", "fr-fr/editions/2015/", "es-es/artículos/año.md",
        "es-es/editions/añejo/b.md", "fr-fr/Editions/2015/b.md", "fr-fr/editions2015/b.md", "fr-fr/e/editions/x/b.md",
    ])
    func placement(_ path: String) {
        let layout = ContentLayout(root: URL(fileURLWithPath: "/project/content"), defaultLocale: "en-us")
        let file = URL(fileURLWithPath: "/project/content/" + path).standardizedFileURL
        let place = layout.placement(of: file)
        #expect(place?.locale == layout.locale(of: file))
        if let place {
            #expect(place.edition == layout.edition(of: file) && place.tutorialPath == layout.tutorialPath(of: file), "\(path)")
        }
        // Read from the standard path's text, the same answer.
        let byPath = layout.placement(ofStandard: file.path)
        #expect(byPath?.locale == place?.locale && byPath?.edition == place?.edition && byPath?.tutorialPath == place?.tutorialPath, "\(path)")
    }
}

/// The byte reading of an ASCII definition line must read what the character reading reads (the
/// regular expression's oracle above covers both through `parse`).
@Suite struct ReferenceDefinitionBytesTests {
    static func described(_ definition: ReferenceDefinition?) -> String? {
        definition.map { "\($0.label) → \($0.destination)" }
    }

    @Test("an ASCII definition reads the same by bytes as by characters", arguments: HandScannerTests.definitions + [
        "[a]: b\r\n", "[a\r\n]: b", "[a]:\r\nb", "  [a]:  <<b>>", "[a]: <b", "[a]:\u{0B}b", "[a]: b\u{0C}", "[x]: y z", "[x]: \t", "   [   ]: x",
    ])
    func bytesAgreeWithCharacters(_ line: String) {
        guard line.isAllASCII else { return }
        #expect(Self.described(ReferenceDefinition.parseASCII(line, number: 1)) == Self.described(ReferenceDefinition.parseCharacters(line, number: 1)))
    }

    @Test("every definition-like line of the bundled content reads the same by bytes as by characters and as the regular expression")
    func bundledLines() throws {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        var checked = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            for line in try RepositoryFiles.lines(of: url) where line.contains("]:") {
                let expected = line.wholeMatch(of: HandScannerTests.definition).map { "\($0.output.label) → \($0.output.destination)" }
                #expect(Self.described(ReferenceDefinition.parse(line, number: 1)) == expected, "\(line.debugDescription)")
                if line.isAllASCII {
                    checked += 1
                    #expect(Self.described(ReferenceDefinition.parseASCII(line, number: 1)) == Self.described(ReferenceDefinition.parseCharacters(line, number: 1)))
                }
            }
        }
        #expect(checked > 20)
    }
}

/// A table of contents' lines read by their bytes (`TableOfContents.headingByBytes`, `linkByBytes`)
/// must read what the regular expressions and the readers by characters read; where the bytes cannot
/// tell a character (a combining mark beside a delimiter, whitespace outside ASCII), the line is read
/// by its characters.
@Suite struct TableOfContentsBytesTests {
    /// Delimiters, blanks, line breaks, combining and prepended marks, whitespace outside ASCII, letters.
    static let pieces = ["#", "#", " ", " ", "\t", "[", "]", "(", ")", "\"", "a", "b.md", "é", "\u{301}", "\u{A0}", "\u{3000}", "\r", "\n",
                         "\r\n", "\u{0B}", "\u{2028}", "\u{85}", "\u{600}", "\u{200D}", "日", "👍🏽"]

    /// 30,000 lines made of `pieces`, the same on every run; some shaped as headings and links.
    static func lines() -> [String] {
        // Seeded: a failing line is found again.
        var generator = SplitMix64(seed: 11)
        return (0..<30_000).map { number in
            let body = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            switch number % 3 {
            case 0: return String(repeating: "#", count: Int.random(in: 1...7, using: &generator)) + " " + body
            case 1: return "[" + body + "](" + pieces.randomElement(using: &generator)! + body.prefix(4) + ")"
            default: return body
            }
        }
    }

    /// The offsets of a substring in its line, and its text: what must be equal.
    static func place(_ part: Substring, in line: Substring) -> String {
        "\(line.utf8.distance(from: line.startIndex, to: part.startIndex))..\(line.utf8.distance(from: line.startIndex, to: part.endIndex)) \(part.debugDescription)"
    }

    @Test("30,000 generated lines: headings and links read as by characters and as the regular expressions read them, inside a longer text too")
    func generatedLines() {
        var (decided, differing) = (0, [String]())
        for line in Self.lines() {
            // The line as the reader meets it: a slice of a whole table.
            let whole = "x\n" + line + "\ny"
            let slice = whole.utf8.dropFirst(2).dropLast(2)
            let text = Substring(slice)
            let heading = TableOfContents.heading(text).map { "\($0.level) \(Self.place($0.body, in: text))" }
            let characters = TableOfContents.headingByCharacters(text).map { "\($0.level) \(Self.place($0.body, in: text))" }
            // The regular expressions read the line alone: a slice that ends between a carriage return and
            // the line feed after it ends inside a character, which they read otherwise.
            let alone = line[...]
            let expression = alone.wholeMatch(of: HandScannerTests.heading).map { "\($0.output.marks.count) \($0.output.body.debugDescription)" }
            let link = TableOfContents.link(text).map { "\(Self.place($0.title, in: text)) \(Self.place($0.href, in: text))" }
            let linkByCharacters = TableOfContents.linkByCharacters(text).map { "\(Self.place($0.title, in: text)) \(Self.place($0.href, in: text))" }
            let linkExpression = alone.wholeMatch(of: HandScannerTests.tableLink).map { "\($0.output.title.debugDescription) \($0.output.href.debugDescription)" }
            let headingAlone = TableOfContents.heading(alone).map { "\($0.level) \($0.body.debugDescription)" }
            let linkAlone = TableOfContents.link(alone).map { "\($0.title.debugDescription) \($0.href.debugDescription)" }
            if heading != characters || headingAlone != expression || link != linkByCharacters || linkAlone != linkExpression {
                differing.append("\(line.debugDescription): \(heading ?? "nil") / \(characters ?? "nil") / \(expression ?? "nil"); \(link ?? "nil") / \(linkByCharacters ?? "nil") / \(linkExpression ?? "nil")")
            }
            if (try? TableOfContents.headingByBytes(text)) != nil || (try? TableOfContents.linkByBytes(text)) != nil { decided += 1 }
        }
        #expect(differing.isEmpty, "\(differing.count) lines: \(differing.prefix(5).joined(separator: "\n"))")
        #expect(decided > 1_000, "the bytes decide most lines shaped as headings or links")
    }

    @Test("plain lines are read by their bytes, French and Spanish titles too", arguments: [
        "# [Vue d'ensemble](index.md)", "## Démarrage rapide", "### [Créer une fonction](functions-create-first.md \"Première fonction\")",
        "# Título ##", "#\tTab", "# [a](b)\r",
    ])
    func decidedByBytes(_ line: String) throws {
        let heading = try #require(try TableOfContents.headingByBytes(line[...]))
        #expect(String(heading.body) == TableOfContents.headingByCharacters(line[...]).map { String($0.body) })
        let body = heading.body.trimmingWhitespaces()
        #expect(try TableOfContents.linkByBytes(body[...]).map { "\($0.title) \($0.href)" } == TableOfContents.linkByCharacters(body[...]).map { "\($0.title) \($0.href)" })
    }

    @Test("a delimiter beside a mark that joins it is left to the characters", arguments: [
        ("#\u{301} x", true), ("# x\u{301} #", true), ("[a]\u{301}(b)", false), ("[a](b\u{A0}\"t\")", false), ("[a\u{600}](b)", false),
    ])
    func undecided(_ line: String, isHeading: Bool) {
        #expect(throws: TableOfContents.ByCharacters.self) {
            if isHeading { _ = try TableOfContents.headingByBytes(line[...]) } else { _ = try TableOfContents.linkByBytes(line[...]) }
        }
    }
}
