import Foundation
import Site
import Testing

@Suite struct TutorialPageTests {
    @Test("a tutorial page has language, title, numbered steps, caption, badge and highlighted code")
    func page() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let key = SampleKey(source: tutorial.source, sample: tutorial.allCode[0].id)
        let files = try fixture.render([tutorial], verifications: [key: SampleVerification(status: .repaired, note: "restored from the source")])
        let html = try #require(files["en-us/articles/hello.html"])
        #expect(html.contains("<html lang=\"en-us\">"))
        #expect(html.contains("<h1>Hello tutorial</h1>"))
        #expect(html.contains("<time datetime=\"2016-03-04\">"))
        #expect(html.contains("value=\"2\""))
        #expect(html.contains("<code class=\"sample-file\">AppDelegate.m</code>"))
        #expect(html.contains("<span class=\"t-keyword\">@implementation</span>"))
        #expect(html.contains("badge-repaired") && html.contains("restored from the source"))
        #expect(html.components(separatedBy: "<h1").count == 2)
    }

    @Test("links to documents named external go to the configured base URL, others outside content/ are marked broken; tutorials link inside")
    func links() throws {
        var fixture = try SiteFixture()
        fixture.configuration = SiteConfiguration(defaultLocale: "en-us", docsBaseURL: "https://docs.example/{locale}/{name}", externalDocuments: ["articles/"])
        let tutorial = try fixture.tutorial("en-us/articles/hello.md", sampleTutorial)
        let html = try #require(try fixture.render([tutorial])["en-us/articles/hello.html"])
        #expect(html.contains("href=\"https://docs.example/en-us/other-doc#part\" class=\"external\""))
        #expect(html.contains("<a href=\"../../en-us/articles/hello.html\">this tutorial</a>"))
        fixture.configuration.externalDocuments = []
        let broken = try #require(try fixture.render([tutorial])["en-us/articles/hello.html"])
        #expect(broken.contains("<span class=\"link-broken\" title=\"articles/other-doc.md\">"))
        #expect(!broken.contains("docs.example/en-us/other-doc"))
    }

    @Test("hostile documents are escaped and sanitized on every page")
    func hostile() throws {
        let fixture = try SiteFixture()
        let markdown = """
            ---
            title: "<script>alert('title')</script>"
            author: "\\"><img src=x onerror=alert(1)>"
            ---
            # Evil <script>alert(1)</script>

            ## Section <iframe src="https://evil.example"></iframe>

            > [!NOTE]
            > <script>alert('note')</script> [x](javascript:alert(1))

            1. Click <b onclick="alert(1)">here</b> or [there](javascript:alert(2)) or [data](data:text/html,hi) <style>*{}</style>

                    </code></pre><script>alert('code')</script>

            2. <a href="javascript:alert(3)">evil</a> <img src=x onerror=alert(4)>
            """
        let tutorial = try fixture.tutorial("en-us/articles/evil.md", markdown)
        let files = try fixture.render([tutorial])
        for (path, text) in files where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let lowered = text.lowercased()
            for forbidden in ["<script>alert", "<iframe", "<style>", "<img"] {
                #expect(!lowered.contains(forbidden), "\(forbidden) in \(path)")
            }
            #expect(lowered.firstMatch(of: /<[a-z][^>]*\son[a-z]+\s*=/) == nil, "event handler in \(path)")
            #expect(lowered.firstMatch(of: /(href|src)\s*=\s*"\s*(javascript|data|vbscript):/) == nil, "dangerous URL in \(path)")
        }
        #expect(files["en-us/articles/evil.html"]?.contains("&lt;/code&gt;&lt;/pre&gt;&lt;script&gt;") == true)
    }
}

@Suite struct InlineHTMLTests {
    @Test("inline HTML keeps its text inside the element: bold, keys, links, nesting; handlers still go")
    func runs() throws {
        let fixture = try SiteFixture()
        let markdown = """
            # Inline

            Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, read <b>bold <i>and</i> `code`</b>, get the \
            <a href="https://www.nuget.org/packages/X/">X NuGet package</a>, click <b onclick="alert(1)">here</b> \
            and <b>unclosed text.
            """
        let html = try #require(try fixture.render([try fixture.tutorial("en-us/articles/inline.md", markdown)])["en-us/articles/inline.html"])
        #expect(html.contains("Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, read <b>bold <i>and</i> <code>code</code></b>, get the <a href=\"https://www.nuget.org/packages/X/\">X NuGet package</a>, click <b>here</b>"), "\(html)")
        #expect(!html.contains("onclick"))
        #expect(html.contains("<b></b>unclosed text."), "an element that is never closed is an empty element; its text stays")
    }

    @Test("emphasis and bold keep the markup they hold: inline HTML, links and code")
    func styledRuns() throws {
        let fixture = try SiteFixture()
        let markdown = """
            # Styled

            *Where A<sub>t</sub> is the actual value* and **see [the guide](https://example.org/guide) or `run`** but *plain*.

            Replace *<Enter Your Backend Endpoint>* with your address.
            """
        let html = try #require(try fixture.render([try fixture.tutorial("en-us/articles/styled.md", markdown)])["en-us/articles/styled.html"])
        #expect(html.contains("<em>Where A<sub>t</sub> is the actual value</em>"), "\(html)")
        #expect(html.contains("<strong>see <a href=\"https://example.org/guide\""), "\(html)")
        #expect(html.contains("<code>run</code></strong> but <em>plain</em>."), "\(html)")
        #expect(!html.contains("&lt;sub&gt;"))
        #expect(html.contains("<em>&lt;Enter Your Backend Endpoint&gt;</em>"), "a tag that is no HTML element is a placeholder, shown as text")
    }

    @Test("thousands of unclosed inline tags render in linear time")
    func unclosedTags() throws {
        let fixture = try SiteFixture()
        let markdown = "# Tags\n\n" + String(repeating: "<b>x ", count: 20_000) + "end\n"
        let tutorial = try fixture.tutorial("en-us/articles/tags.md", markdown)
        let started = Date()
        let html = try #require(try fixture.render([tutorial])["en-us/articles/tags.html"])
        #expect(Date().timeIntervalSince(started) < 20, "matching each tag by scanning the rest would be quadratic")
        #expect(html.contains("x end"))
    }

    @Test("a page without sections has no empty table of contents; a paragraph of an anchor alone leaves no empty paragraph or link")
    func nothingEmpty() throws {
        let fixture = try SiteFixture()
        let tutorial = try fixture.tutorial("fr-fr/articles/page.md", "# Page\n\nTexte.\n\n<a name=\"ancre\"></a>\n\nSuite, avec <a id=\"mot\"></a>un mot.\n")
        let html = try #require(try fixture.render([tutorial])["fr-fr/articles/page.html"])
        #expect(!html.contains("<ol>\n</ol>") && !html.contains("class=\"toc\""), "no table of contents without sections")
        #expect(!html.contains("<p></p>") && !html.contains("<a></a>"))
        #expect(html.contains("Suite, avec un mot."))
    }
}
