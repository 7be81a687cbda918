@testable import DocFXDialect
import Foundation
import StepwiseTestSupport
import Testing

/// The byte test that rules out unquoted lines must leave every quoted line's reading unchanged.
@Suite struct QuotedFenceBytesTests {
    /// The first form of `QuotedFence.quoted`, the oracle.
    static func quotedByCharacters(_ line: String) -> (depth: Int, content: Substring)? {
        var rest = Substring(line)
        var depth = 0
        while true {
            let spaces = rest.prefix { $0 == " " }.count
            guard spaces < 4, rest.dropFirst(spaces).first == ">" else { break }
            rest = rest.dropFirst(spaces + 1)
            depth += 1
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return depth > 0 ? (depth, rest) : nil
    }

    static let lines = [
        "", ">", "> x", ">> x", "> > x", "   > x", "    > x", " \u{301}> x", ">\u{301} x", "> \u{301}x", "x > y", "\t> x", "  >", " >  > ```",
        "＞ x", "\u{A0}> x", "> \r\n", ">\r\n",
    ]

    @Test("a quoted line's depth and content are what reading characters gave", arguments: lines)
    func quoted(_ line: String) {
        let found = QuotedFence.quoted(line), expected = Self.quotedByCharacters(line)
        #expect(found?.depth == expected?.depth && found?.content == expected?.content, "\(line.debugDescription)")
    }

    @Test("every bundled line's quote depth and content are what reading characters gave")
    func quotedEverywhere() throws {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        var quotedLines = 0
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            for line in try RepositoryFiles.lines(of: url) {
                let found = QuotedFence.quoted(line), expected = Self.quotedByCharacters(line)
                if expected != nil { quotedLines += 1 }
                #expect(found?.depth == expected?.depth && found?.content == expected?.content, "\(line.debugDescription)")
            }
        }
        #expect(quotedLines > 10)
    }
}

/// The byte test that rules out lines opening no comment must leave every comment found.
@Suite struct CommentStartBytesTests {
    @Test("a comment opens where the first character past spaces and tabs is `<` and `<!--` follows", arguments: [
        ("<!-- a -->", 1), ("  <!-- a -->", 1), ("\t<!-- a -->", 1), (" \u{301}<!-- a -->", 0), ("x <!-- a -->", 0), ("    <!-- a -->", 0),
        ("      <!-- stepwise-ignore -->", 1), ("＜!-- a -->", 0), ("<\u{301}!-- a -->", 0), ("<!--\u{301} a -->", 0), ("", 0),
    ])
    func commentStart(line: String, comments: Int) throws {
        let document = try normalize("# T\n\n" + line + "\n")
        #expect(document.comments.count == comments, "\(line.debugDescription)")
    }
}

/// The byte reading of a line's leading spaces must give the characters' reading.
@Suite struct LeadingSpacesBytesTests {
    static func check(_ line: String) {
        let (trimmed, indent) = DialectNormalizer.droppingLeadingSpaces(line)
        let expected = line.drop { $0 == " " }
        #expect(trimmed == expected && trimmed.utf8.elementsEqual(expected.utf8), "\(line.debugDescription)")
        #expect(indent == line.distance(from: line.startIndex, to: expected.startIndex), "\(line.debugDescription)")
    }

    @Test("leading spaces are dropped and counted as characters", arguments: [
        "", " ", "   ", "x", "  x", "   \u{301}x", " \u{301}", "  é", "  \r\n", " \r", "\t x", "  \u{A0}x", "    ```", "  - item", " \u{200D}x", "é",
    ])
    func leadingSpaces(_ line: String) { Self.check(line) }

    @Test("every bundled line's leading spaces are dropped and counted as characters")
    func leadingSpacesEverywhere() throws {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            for line in try RepositoryFiles.lines(of: url) { Self.check(line) }
        }
    }
}
