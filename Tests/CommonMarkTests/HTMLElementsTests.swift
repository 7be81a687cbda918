@testable import CommonMark
import Testing

/// `HTMLElements.isMarkup` reads ASCII tags byte by byte; its answer must be the character-by-character
/// definition's for any text.
@Suite struct HTMLElementsTests {
    @Test("real tags: elements, comments and declarations are markup; a writer's placeholders are not")
    func tags() {
        for markup in ["<b>", "</B>", "<a name=\"x\"></a>", "<br/>", "<DIV class=\"x\">", "<!-- x -->", "<?php", "<!doctype html>",
                       "</![CDATA[", "<img\tsrc=x>", "<td\r\n>", "<span\u{A0}x>"] {
            #expect(HTMLElements.isMarkup(markup), "\(markup)")
        }
        for text in ["<groupId>", "</groupId>", "<Optional>", "<IP address>", "<SID>", "b>", "", "<", "<é>", "<b\u{301}>", "<\u{338}b>"] {
            #expect(!HTMLElements.isMarkup(text), "\(text)")
        }
    }

    /// Every string of up to four characters from an alphabet with the bytes the fast path stops at,
    /// combining marks (which join the character before them), CR LF and non-ASCII whitespace.
    @Test("the byte reading equals the character reading on every short string")
    func bytesEqualCharacters() {
        let alphabet = ["<", "!", "?", "/", ">", " ", "\r", "\n", "\t", "b", "R", "[", "\u{301}", "é", "\u{A0}", "x"]
        var strings = [""]
        var checked = 0, decidedByBytes = 0
        for _ in 1...4 {
            strings = strings.flatMap { prefix in alphabet.map { prefix + $0 } }
            for text in strings {
                let tag = "<" + text
                for candidate in [text, tag, tag + "td", "</" + text] {
                    checked += 1
                    var copy = candidate
                    if copy.withUTF8({ HTMLElements.asciiMarkup($0) }) != nil { decidedByBytes += 1 }
                    #expect(HTMLElements.isMarkup(candidate) == HTMLElements.characterMarkup(candidate), "\(Array(candidate.unicodeScalars))")
                }
            }
        }
        // Both paths are exercised.
        #expect(decidedByBytes > checked / 4 && decidedByBytes < checked)
        #expect(HTMLElements.isMarkup("<td") && HTMLElements.isMarkup("</b\r\n"))
    }
}
