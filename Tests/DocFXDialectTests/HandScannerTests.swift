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
        "de-de/editions/old/includes/i.md", "../outside/fr-fr/a.md",
    ])
    func placement(_ path: String) {
        let layout = ContentLayout(root: URL(fileURLWithPath: "/project/content"), defaultLocale: "en-us")
        let file = URL(fileURLWithPath: "/project/content/" + path).standardizedFileURL
        let place = layout.placement(of: file)
        #expect(place?.locale == layout.locale(of: file))
        if let place {
            #expect(place.edition == layout.edition(of: file) && place.tutorialPath == layout.tutorialPath(of: file), "\(path)")
        }
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
