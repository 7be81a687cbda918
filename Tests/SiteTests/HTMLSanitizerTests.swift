import Foundation
@testable import Site
import StepwiseTestSupport
import Testing

@Suite struct HTMLSanitizerTests {
    let sanitizer = HTMLSanitizer()

    @Test("hostile HTML loses scripts, styles, frames, handlers and dangerous URLs", arguments: [
        "<script>alert(1)</script>",
        "<SCRIPT src=//evil.example/x.js></SCRIPT>",
        "<style>body{display:none}</style>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\" JaVaScRiPt:alert(1)\">x</a>",
        "<a href=\"java\tscript:alert(1)\">x</a>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD4=\">x</a>",
        "<b onclick=\"alert(1)\" onmouseover='x'>bold</b>",
        "<svg><script>alert(1)</script></svg>",
        "<a href=\"vbscript:msgbox\">x</a>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "<<script>alert(1)//<</script>",
    ])
    func hostile(html: String) {
        let clean = sanitizer.sanitize(html).lowercased()
        for forbidden in ["<script", "<style", "<iframe", "<svg", "<img", "onerror", "onclick", "onmouseover", "javascript:", "data:", "vbscript:", "style="] {
            #expect(!clean.contains(forbidden), "\(forbidden) survived in \(clean)")
        }
    }

    @Test("allowed markup stays, text is escaped and tags are balanced")
    func allowed() {
        #expect(sanitizer.sanitize("<b>bold</b> & <i>it</i>") == "<b>bold</b> &amp; <i>it</i>")
        #expect(sanitizer.sanitize("<a href=\"https://example.org/?a=1&b=2\" target=_blank>x</a>") == "<a href=\"https://example.org/?a=1&amp;b=2\">x</a>")
        #expect(sanitizer.sanitize("<strong>open") == "<strong>open</strong>")
        #expect(sanitizer.sanitize("a <font color=red>b</font> <DIV>c</DIV>") == "a b c", "HTML elements not allowed lose their tags, keep their text")
        #expect(sanitizer.sanitize("x < y") == "x &lt; y")
    }

    @Test("`</br>` is a line break, as browsers read it: the words around it stay apart")
    func endBreakIsABreak() {
        #expect(sanitizer.sanitize("LocalDB</br>Express") == "LocalDB<br>Express")
        #expect(sanitizer.sanitize("<b>VSA</b></br>Local account<br/>Domain") == "<b>VSA</b><br>Local account<br>Domain")
    }

    @Test("tags that are not HTML elements are shown as written: the XML or placeholder a writer meant to show")
    func notHTML() {
        #expect(sanitizer.sanitize("<dependency><groupId>com.example</groupId></dependency>")
            == "&lt;dependency&gt;&lt;groupId&gt;com.example&lt;/groupId&gt;&lt;/dependency&gt;")
        #expect(sanitizer.sanitize("http://<IP address or FQDN>:<port>") == "http://&lt;IP address or FQDN&gt;:&lt;port&gt;")
        #expect(sanitizer.sanitize("<Add Type=\"A.B, C\"> in <b>config</b>") == "&lt;Add Type=&quot;A.B, C&quot;&gt; in <b>config</b>")
        #expect(sanitizer.sanitize("<!DOCTYPE html><!-- note --><center>x</center>") == "x", "doctypes, comments and known elements are markup")
    }

    @Test("an <img> that cannot be shown stands as the page's placeholder, or its alt text after ▧")
    func missingImage() {
        let html = "<img src=\"media/a.svg\" alt=\"Learn <more>\"> <img src=\"media/b.png\" alt=\"\">"
        #expect(sanitizer.sanitize(html) == "▧ Learn &lt;more&gt; ")
        #expect(sanitizer.sanitize(html, missing: { "<span class=\"media-missing-inline\">\(HTMLEscaping.escape($0))</span>" })
            == "<span class=\"media-missing-inline\">Learn &lt;more&gt;</span> ")
        #expect(sanitizer.sanitize(html, images: { $0 == "media/a.svg" ? ("m/a.svg", 10, 20) : nil })
            == "<img src=\"m/a.svg\" alt=\"Learn &lt;more&gt;\" width=\"10\" height=\"20\" loading=\"lazy\" decoding=\"async\"> ")
    }

    @Test("a link left without an address (an anchor written as <a name> or <a id>) is its text alone: no empty <a> for tidy to trim")
    func addresslessLinks() {
        #expect(sanitizer.sanitize("<a name=\"receive\"></a>") == "")
        #expect(sanitizer.sanitize("<a id=\"D2C\"></a>Texte") == "Texte")
        #expect(sanitizer.sanitize("<a name=\"x\">un <b>mot</b></a>") == "un <b>mot</b>")
        #expect(sanitizer.sanitize("<a href=\"javascript:alert(1)\">x</a>") == "x")
        #expect(sanitizer.sanitize("<a href=\"https://example.org/\">x</a>") == "<a href=\"https://example.org/\">x</a>")
    }

    @Test("a URL's scheme read from its bytes is judged as when read character by character")
    func safeURLByBytes() throws {
        var urls = [
            "https://example.org", "HTTPS://x", "mailto:a@b.c", "javascript:alert(1)", " JaVaScRiPt:x", "java\tscript:x", "java\u{0}script:x",
            "data:text/html", "vbscript:x", "page.md", "../a/b.md#frag", "#top", "?q=1:2", "a/b:c", "a?b:c", "a#b:c", "", ":", "http:",
            "http:\u{301}//x", "javascript: \u{301}alert", "javascript:\u{301}", "ｊavascript:x", "JAVASCRİPT:x", "Http\u{0}s:x",
            "tel:+1", "ms-settings:x", "é:x", "https\u{301}:x", "x\u{0600}:y", "mailto\r\n:x", "  :x", "https :x",
        ]
        // Every link destination and href of the bundled content.
        let enumerator = FileManager.default.enumerator(at: RepositoryFiles.content, includingPropertiesForKeys: nil)
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]*)|href="([^"]*)""#)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "md" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in link.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1...2 {
                    if let range = Range(match.range(at: group), in: text) { urls.append(String(text[range])) }
                }
            }
        }
        #expect(urls.count > 100)
        for url in urls {
            #expect(HTMLSanitizer.isSafeURL(url) == HTMLSanitizer.isSafeURLByCharacters(url), "\(url.debugDescription)")
        }
        #expect(!HTMLSanitizer.isSafeURL("java\tscript:x") && HTMLSanitizer.isSafeURL("HTTPS://x") && HTMLSanitizer.isSafeURL("a/b:c"))
    }
}
