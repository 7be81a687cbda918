import Foundation
import StepwiseTestSupport
import Testing
@testable import TutorialModel

/// Indentation read by bytes, and the doubled-quote search that skips lines without `""`, must
/// answer what reading characters and running the pattern on every line answered.
@Suite struct IndentationBytesTests {
    static let lines = [
        "", " ", "    ", "\t", " \t", "  \tx", "\t\tx", "x", "  x", "   \u{301}x", " \u{301}", "\t\u{301}x", "  \r\n", " \r", "\t\n",
        "  é", "\té", "  \u{A0}x", "\u{3000}x", "  \t  \t x\ty", " \u{200D}x", "    return x;", "\t\tif (a) {", "  - item", "\u{FEFF} x",
    ]

    @Test("a line is blank, read by bytes, exactly when every character is a space or a tab", arguments: lines + ["\u{A0}", " \u{A0}", "\t \t", "  \u{308}"])
    func blank(line: String) {
        #expect(line.isBlank == line.allSatisfy { $0 == " " || $0 == "\t" })
        #expect(line[...].isBlank == line.isBlank)
    }

    /// The first form of `expandingLeadingTabs`, the oracle.
    static func expandedByCharacters(_ line: String) -> String {
        String(repeating: " ", count: Indentation.widthByCharacters(of: line)) + line.drop { $0 == " " || $0 == "\t" }
    }

    static var bundledLines: [String] {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        var lines: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" { lines += (try? RepositoryFiles.lines(of: url)) ?? [] }
        }
        return lines
    }

    @Test("a line's indentation and its expansion are what reading characters gave", arguments: lines)
    func indentation(_ line: String) {
        #expect(Indentation.width(of: line) == Indentation.widthByCharacters(of: line), "\(line.debugDescription)")
        #expect(Indentation.expandingLeadingTabs(line).utf8.elementsEqual(Self.expandedByCharacters(line).utf8), "\(line.debugDescription)")
        #expect(Indentation.width(of: line[...]) == Indentation.widthByCharacters(of: line[...]), "\(line.debugDescription)")
    }

    @Test("every bundled line's indentation and expansion are what reading characters gave")
    func indentationEverywhere() {
        let lines = Self.bundledLines
        #expect(lines.count > 1_000)
        for line in lines {
            #expect(Indentation.width(of: line) == Indentation.widthByCharacters(of: line), "\(line.debugDescription)")
            #expect(Indentation.expandingLeadingTabs(line).utf8.elementsEqual(Self.expandedByCharacters(line).utf8), "\(line.debugDescription)")
        }
    }

    nonisolated(unsafe) static let doubledQuotes = /@?""[^\s,;:)\]}"]+""/

    @Test("doubled quotes are found on the lines the pattern finds them on")
    func doubledQuoteEscapes() {
        let lines = [
            #"NSLog(@""%@"", x);"#, #"s = ""abc"";"#, #"s = "" abc"";"#, #"s = "\#u{301}"abc"";"#, #"s = ""é"";"#, #"x = "";"#, "\"\"", "no quotes",
            #"a ""b"" c"#, #"""""#, #"@""x"""#, "“”abc“”", #""\#u{301}"x"""#,
        ] + Self.bundledLines
        var found = 0
        for language in ["objc", "csharp"] {
            let expected = language == "objc" ? lines.indices.filter { lines[$0].contains(Self.doubledQuotes) } : []
            found += expected.count
            #expect(CodeDamageInspector.doubledQuoteEscapes(in: lines, language: language) == expected)
        }
        #expect(found >= 5)
    }
}
