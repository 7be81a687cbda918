@testable import DocFXDialect
import Foundation
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
}
