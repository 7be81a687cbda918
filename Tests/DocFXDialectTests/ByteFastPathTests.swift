@testable import DocFXDialect
import Foundation
import StepwiseDiagnostics
import StepwiseTestSupport
import Testing

/// The byte readings that spare every line a walk over characters must answer as the characters do.
@Suite struct ByteFastPathTests {
    /// Spaces next to what may join them into one character, and plain text.
    private static let crafted = [
        "", " ", "  \t ", "text", "  text  ", "\ttext\n", "text\r\n", "\r\ntext", "\r\n", "\r", "text\r", "\u{A0}text\u{A0}", " \u{A0} ",
        " \u{301}text", "text \u{301}", "text\u{A0}\u{301}", "\u{A0}\u{301}text", "text\u{600} ", "é  ", "  é", "\u{A0}é\u{A0}", "a\u{A0}",
        " \u{200D} ", "\n\r\n", "x \r\n", " 漢字 ", "\t\u{A0}\t", "\u{A0}",
    ]

    private static var contentLines: [String] {
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        var lines: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "md" { lines += (try? RepositoryFiles.lines(of: url)) ?? [] }
        }
        return lines
    }

    @Test("trimming spaces by bytes gives what trimming space characters gives")
    func trimmingSpaces() {
        let lines = Self.crafted + Self.contentLines
        #expect(lines.count > 1_000)
        for line in lines {
            #expect(line.trimmingSpaces == line.trimmingSpaceCharacters, "\(Array(line.unicodeScalars))")
            let padded = Substring("\u{A0} " + line + " \t")
            #expect(padded.trimmingSpaces == padded.trimmingSpaceCharacters, "\(Array(padded.unicodeScalars))")
        }
        #expect("text\r\n".trimmingSpaces == "text\r\n")  // `\r\n` is one character, not a space
        #expect(" \u{301}text ".trimmingSpaces == " \u{301}text")  // the accent joins the space
        #expect("\u{A0} text \t".trimmingSpaces == "text")
    }

    @Test("fences open and stay open as CommonMark says", arguments: [
        ("```swift", true), ("   ~~~", true), ("    ```", false), ("``", false), ("```a`b", false), ("``` \u{1FEF}x", false),
        ("```é", true), ("text", false), (" \u{301}```", false), ("\u{301}```", false), ("~~~ `x`", true),
    ])
    func fences(line: String, opens: Bool) {
        #expect((Fence(opening: line) != nil) == opens)
        #expect((Fence(opening: Substring(line)) != nil) == opens)
    }

    @Test("an include path read without Foundation where it has nothing to clean reads as with it", arguments: [
        "media/a.png", " media/a.png\t", "media\\a.png", "media/a%20b.png", "~/media/a.png", "a.png?raw=true#top", "médias/é.png",
        "\u{3000}media/a.png", "media/a.png\u{A0}", "media/%zz.png", "~", "", "../../includes/x.md", "a\u{301}.png",
    ])
    func includePaths(written: String) {
        // The reading before the shortcut: Foundation on every path.
        var text = written.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\\", with: "/")
        if let cut = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = String(text[..<cut]) }
        text = text.removingPercentEncoding ?? text
        let fromRoot = text.hasPrefix("~/") || text == "~"
        let path = IncludePath(written)
        #expect(path.fromDocsetRoot == fromRoot)
        #expect(path.path == (fromRoot ? String(text.dropFirst(min(2, text.count))) : text))
        #expect(path.path.utf8.elementsEqual((fromRoot ? String(text.dropFirst(min(2, text.count))) : text).utf8))
    }

    @Test("a list item's text column read by bytes is the one its characters give, on 30,000 generated lines")
    func listItemWidths() {
        // Markers, delimiters, spaces and what joins or follows them by Unicode's rules.
        let pieces = ["-", "*", "+", "1", "23", "1234567890", ".", ")", " ", " ", "   ", "     ", "\t", "\u{301}", "\u{A0}", "é", "x", "`", "\r"]
        var generator = SplitMix64(seed: 7)
        var lines = Self.crafted + Self.contentLines.map { String($0.drop { $0 == " " }) }
        lines += ["- \u{301}x", "1. \u{301}", "-  \u{301}", "- é", "1)     x", "-", "1234567890. x", "123456789. x", "* \u{A0}x"]
        for number in 0..<30_000 {
            // Half of them open with a marker, so that what follows a marker is compared often.
            let lead = number.isMultiple(of: 2) ? ["- ", "*", "+  ", "1.", "12) ", "1234567890."].randomElement(using: &generator)! : ""
            lines.append(lead + (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        var (items, differing) = (0, [String]())
        for line in lines {
            let expected = DialectNormalizer.listItemWidthByCharacters(Substring(line))
            if expected != nil { items += 1 }
            if DialectNormalizer.listItemWidth(Substring(line)) != expected { differing.append(line.debugDescription) }
        }
        #expect(differing.count == 0, "lines read otherwise, the first: \(differing.prefix(5))")
        #expect(items > 6_000, "\(items) list items")  // many lines open items: both readings are compared on them
        #expect(DialectNormalizer.listItemWidth("- \u{301}x") == nil)  // the mark joins the space: no item
        #expect(DialectNormalizer.listItemWidth("12.  x") == 5)
    }
}
